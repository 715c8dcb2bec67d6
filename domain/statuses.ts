import type { StatementStatus } from './contract.ts';

/**
 * Statement statuses in their workflow order (docs/product.md «Statuses and transitions»); a status the contract adds
 * fails the label maps below.
 */
export const STATEMENT_STATUSES = [
  'sent',
  'under_review',
  'has_comments',
  'approved',
  'rejected',
  'not_accepted',
  'withdrawn',
] as const satisfies readonly StatementStatus[];

/** Labels of the company sidebar counters (docs/product.md «Labels», "Company sidebar" column). */
export const COMPANY_SIDEBAR_LABELS: Readonly<Record<StatementStatus, string>> = {
  sent: 'Отправлено',
  under_review: 'На рассмотрении',
  has_comments: 'На доработку',
  approved: 'Завершено',
  rejected: 'Отклонено',
  not_accepted: 'Отказано в приёме',
  withdrawn: 'Отозвано',
};

/** Statuses the examiner's "Мои заявки" group counts, with their labels. */
export const EXAMINER_SIDEBAR_LABELS: Readonly<Record<Exclude<StatementStatus, 'sent'>, string>> = {
  under_review: 'На рассмотрении',
  has_comments: 'На доработке',
  approved: 'Согласовано',
  rejected: 'Отклонено',
  not_accepted: 'Отказано в приёме',
  withdrawn: 'Отозвано',
};

/** Who looks at a status: the applicant or the examiner (the view columns of docs/product.md «Labels»). */
export type StatusView = 'company' | 'examiner';

/** Status labels per view (docs/product.md «Labels», "Company view" and "Examiner view" columns). */
const STATUS_LABELS: Readonly<Record<StatusView, Readonly<Record<StatementStatus, string>>>> = {
  company: {
    sent: 'Отправлено',
    under_review: 'На рассмотрении',
    has_comments: 'Есть замечания',
    approved: 'Согласовано',
    rejected: 'Отклонено',
    not_accepted: 'Отказано в приёме',
    withdrawn: 'Отозвано',
  },
  examiner: {
    sent: 'Новое',
    under_review: 'На рассмотрении',
    has_comments: 'На доработке',
    approved: 'Согласовано',
    rejected: 'Отклонено',
    not_accepted: 'Отказано в приёме',
    withdrawn: 'Отозвано',
  },
};

/** Label of a status the site does not know (docs/product.md «Labels»: "Unknown"). */
const UNKNOWN_STATUS_LABEL = 'Неизвестный статус';

/** True when `value` is one of the contract's statuses. */
export function isStatementStatus(value: unknown): value is StatementStatus {
  return typeof value === 'string' && (STATEMENT_STATUSES as readonly string[]).includes(value);
}

/** The label of `status` for `view`; anything outside the contract reads as unknown. */
export function statusLabel(status: unknown, view: StatusView): string {
  return isStatementStatus(status) ? STATUS_LABELS[view][status] : UNKNOWN_STATUS_LABEL;
}

/** Number of statements per status. */
export type StatusCounts = Record<StatementStatus, number>;

/** Counts statements per status; unknown statuses are not counted (docs/product.md «Counters»). */
export function countByStatus(items: ReadonlyArray<{ status: unknown }>): StatusCounts {
  const counts = Object.fromEntries(STATEMENT_STATUSES.map((status) => [status, 0])) as StatusCounts;
  for (const item of items) {
    if (isStatementStatus(item.status)) counts[item.status] += 1;
  }
  return counts;
}

/**
 * Counts per status with the total (docs/product.md «Counters»): under_review + has_comments + approved + rejected
 * (sent apart, and the regulation's not_accepted and withdrawn counted apart too: the spec's formula stays).
 */
export type StatusCounters = StatusCounts & { total: number };

/** Counts per status and their total (`sent`, `not_accepted` and `withdrawn` are counted separately, not in the total). */
export function countStatuses(items: ReadonlyArray<{ status: unknown }>): StatusCounters {
  return withTotal(countByStatus(items));
}

/** The counts with the spec's total: under_review + has_comments + approved + rejected. */
export function withTotal(counts: StatusCounts): StatusCounters {
  return { ...counts, total: counts.under_review + counts.has_comments + counts.approved + counts.rejected };
}
