import { type ReactNode, useEffect } from 'react';
import Spinner from '#components/ui/Spinner.tsx';
import StatusBadge from '#components/ui/StatusBadge.tsx';
import type { Statement } from '#domain/contract.ts';
import type { StatusView } from '#domain/statuses.ts';
import { statementHeading } from '#lib/statement.ts';
import type { BackTarget } from '../../lib/back-link.ts';
import type { StatementDetail } from '../../stores/statement-detail.ts';
import { DeadlineNote, IntakeTermNote } from '../DeadlineTags.tsx';
import { statementDetailTexts } from '../texts.ts';
import BackLink from './BackLink.tsx';
import DetailUnavailable from './DetailUnavailable.tsx';

/** Props of StatementHeader. */
export interface StatementHeaderProps {
  /** The statement, or null while it loads (the back link and a spinner then) or when there is none to show. */
  statement: Statement | null;
  /** Where the load stands: without a statement, 'notFound' and 'error' show their own state instead of a spinner. */
  status: StatementDetail['status'];
  /** 'Повторить' after a failed load. */
  onRetry: () => void;
  /** Whose labels the status badge uses. */
  view: StatusView;
  /** The side's lists a statement is opened from; the first is the default back link. */
  lists: readonly BackTarget[];
  /** An id for the title, which then takes focus when the action that had it is gone. */
  headingId?: string;
  /** The side's actions under the title (delete, reply). */
  actions?: ReactNode;
}

/**
 * The top of both statement details: back link, number, status, title, the intake check's term while it runs, the
 * deadline line and the side's actions.
 */
export default function StatementHeader({
  statement,
  status,
  onRetry,
  view,
  lists,
  headingId,
  actions,
}: StatementHeaderProps) {
  const visibleId = statement?.visibleId;
  // The tab names the statement once it is known ('№ 42 — Заявление — …').
  useEffect(() => {
    if (visibleId !== undefined && !document.title.startsWith('№')) {
      document.title = `${statementDetailTexts.number(visibleId)} — ${document.title}`;
    }
  }, [visibleId]);

  const home = lists[0] as BackTarget;
  const back = <BackLink lists={lists} fallback={home} />;
  if (!statement) {
    return (
      <>
        {back}
        {status === 'notFound' || status === 'error' ? (
          <DetailUnavailable reason={status} home={home} onRetry={onRetry} />
        ) : (
          <Spinner label={statementDetailTexts.loading} />
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <header className="detail-header">
        <div className="detail-header__meta">
          <span className="detail-header__number">{statementDetailTexts.number(statement.visibleId)}</span>
          <StatusBadge status={statement.status} view={view} />
        </div>
        <h1 className="detail-header__title" id={headingId} tabIndex={headingId ? -1 : undefined}>
          {statementHeading(statement)}
        </h1>
        <IntakeTermNote deadline={statement.intakeDeadline} reader={view} />
        <DeadlineNote statement={statement} />
        {actions && <div className="detail-header__actions">{actions}</div>}
      </header>
    </>
  );
}
