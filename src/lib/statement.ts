// Pure rules of the statement detail (docs/product.md «Permissions»): rounds of submission, the heading, who may delete,
// withdraw or add a version.
import { format } from 'date-fns';
import { ru } from 'date-fns/locale/ru';
import type { Stage, Statement } from '#domain/contract.ts';
import { formatListDate, parseDate } from './dates.ts';
import { isOwnerUser, type UserRoles } from './roles.ts';

/**
 * One submission round: the company's stage and the committee's replies that follow it (`base`, `comments`;
 * docs/product.md «Entities»).
 */
export interface SubmissionRound {
  base: Stage;
  comments: Stage[];
  /** The applicant's withdrawal (its reason) that ended the statement in this round, if any. */
  withdrawal?: Stage;
}

/**
 * Groups stages into rounds: each company stage opens one, each committee reply joins the round before it, and so
 * does the applicant's withdrawal (a stage of its own, but no new submission).
 */
export function submissionRounds(stages: readonly Stage[]): SubmissionRound[] {
  const rounds: SubmissionRound[] = [];
  for (const stage of [...stages].sort((a, b) => a.n - b.n)) {
    const last = rounds.at(-1);
    // The committee flag is called byCommittee on the site; the contract names it isGovernmentAgency on a stage read.
    const byCommittee = stage.isGovernmentAgency;
    if (byCommittee && last) last.comments.push(stage);
    else if (stage.status === 'withdrawn' && last) last.withdrawal = stage;
    else rounds.push({ base: stage, comments: [] });
  }
  return rounds;
}

/** Title of a round card: 'Документы' for the first, then 'Повторная подача №{n} — {date}'. */
export function roundTitle(index: number, round: SubmissionRound): string {
  if (index === 0) return statementTexts.firstRound;
  const date = formatListDate(round.base.dateCreate);
  return date ? `Повторная подача №${index} — ${date}` : `Повторная подача №${index}`;
}

/**
 * The detail's title: an approved statement's object name (what its certificate approves); otherwise work type,
 * category and address, or the object name when all three are empty.
 */
export function statementHeading(
  statement: Pick<Statement, 'catalogWorkType' | 'categoryName' | 'address' | 'title' | 'status'>,
) {
  if (statement.status === 'approved' && statement.title.trim()) return statement.title;
  const parts = [statement.catalogWorkType, statement.categoryName, statement.address]
    .map((part) => part?.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : statement.title;
}

/** A user who may act on a statement: the id plus what makes an owner. */
export type Actor = UserRoles & { id: number };

/** Delete only in sent with no examiner, by the first stage's applicant or an owner. */
export function canDeleteStatement(
  statement: Pick<Statement, 'status' | 'examinerId' | 'stages'>,
  user: Actor | null,
): boolean {
  if (!user || statement.status !== 'sent' || statement.examinerId !== null) return false;
  return isOwnerUser(user) || (statement.stages[0]?.applicantId ?? null) === user.id;
}

/** The statuses a statement may be withdrawn from: before a decision (docs/product.md «The regulation's procedures»). */
const WITHDRAWABLE: ReadonlySet<string> = new Set<Statement['status']>(['sent', 'under_review', 'has_comments']);

/** Withdraw ('Отозвать заявление') before a decision, by the first stage's applicant or an owner. */
export function canWithdrawStatement(statement: Pick<Statement, 'status' | 'stages'>, user: Actor | null): boolean {
  if (!user || !WITHDRAWABLE.has(statement.status)) return false;
  return isOwnerUser(user) || (statement.stages[0]?.applicantId ?? null) === user.id;
}

/** 'Загрузить новую версию' shows on the last round only, and only while the statement has comments. */
export function canAddVersion(statement: Pick<Statement, 'status'>, roundIndex: number, roundCount: number): boolean {
  return statement.status === 'has_comments' && roundIndex === roundCount - 1;
}

/** A moment in ru-RU for a comment ('5 мая, 2024 в 14:30'); empty for a missing or invalid date. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? `${formatListDate(date)} в ${format(date, 'HH:mm', { locale: ru })}` : '';
}

/** Texts the rules above produce. */
const statementTexts = {
  firstRound: 'Документы',
} as const;

/** The applicant company's fields kept at submission, in the order the details show them. */
export const COMPANY_FIELDS = [
  'companyName',
  'companyInn',
  'companyOgrn',
  'companyKpp',
  'companyDirector',
  'companyDirectorPhone',
] as const;

export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** A company field that changed since submission: what the statement was submitted with, and what it is now. */
export interface CompanyChange {
  field: CompanyField;
  submitted: string | null;
  now: string | null;
}

/**
 * The applicant company's fields whose value changed since the statement was submitted (blank and missing are the
 * same); none when the portal did not keep the values at submission.
 */
export function companyChangesSinceSubmission(statement: Statement): CompanyChange[] {
  const then = statement.companyAtSubmission;
  if (!then) return [];
  const text = (value: string | null | undefined) => value?.trim() || null;
  return COMPANY_FIELDS.flatMap((field) => {
    const before = text(then[field]);
    const now = text(statement[field]);
    return before === now ? [] : [{ field, submitted: before, now }];
  });
}
