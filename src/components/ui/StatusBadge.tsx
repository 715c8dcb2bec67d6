import { isStatementStatus, type StatusView, statusLabel } from '#domain/statuses.ts';

/** Props of StatusBadge. */
export interface StatusBadgeProps {
  /** The statement's status; anything outside the contract shows as unknown. */
  status: string;
  /** Whose wording to use (the view columns of docs/product.md «Labels»). */
  view: StatusView;
}

/** A statement's status as a coloured label; every colour pair passes WCAG AA (tokens.css, tested). */
export default function StatusBadge({ status, view }: StatusBadgeProps) {
  return (
    <span className={isStatementStatus(status) ? `badge badge--${status}` : 'badge'}>{statusLabel(status, view)}</span>
  );
}
