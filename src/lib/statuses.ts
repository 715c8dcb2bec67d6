/** Statement statuses in their workflow order (spec §4). */
export const STATEMENT_STATUSES = ['sent', 'under_review', 'has_comments', 'approved', 'rejected'] as const;

/** A statement status as the API sends it. */
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** Labels of the company sidebar counters (spec §4, "Company sidebar" column). */
export const COMPANY_SIDEBAR_LABELS: Readonly<Record<StatementStatus, string>> = {
  sent: 'Отправлено',
  under_review: 'На рассмотрении',
  has_comments: 'На доработку',
  approved: 'Завершено',
  rejected: 'Отклонено',
};

/** Statuses the examiner's "Мои заявки" group counts, with their labels. */
export const INSTANCE_SIDEBAR_LABELS: Readonly<Record<Exclude<StatementStatus, 'sent'>, string>> = {
  under_review: 'На рассмотрении',
  has_comments: 'На доработке',
  approved: 'Согласовано',
  rejected: 'Отклонено',
};
