// The review term as people read it (docs/product.md «Deadlines and history»): the deadline line of both details,
// the short forms of the company card and the examiner's table, and the overdue count. The history's timeline is
// timeline.ts, which only a detail loads.
import { committeeTime } from '#domain/committee-time.ts';
import type { ReviewDeadline, StatementStatus, StatusHistoryEntry } from '#domain/contract.ts';
import { formatDay, formatNumericDay, formatShortDay, pluralForm, workingDays } from '#domain/russian.ts';
import type { StatusView } from '#domain/statuses.ts';

/** What a statement needs for its deadline line. */
export interface DeadlineSource {
  status: string;
  /** Missing in data older than the contract: no term is shown then. */
  reviewDeadline?: ReviewDeadline | null;
  history?: readonly StatusHistoryEntry[];
}

/** An instant in the committee's time: '22 ноября 2026 г., 14:30 МСК'; empty when invalid. */
export function formatCommitteeMoment(at: string): string {
  const moment = committeeTime(at);
  return moment ? `${formatDay(moment.day)}, ${moment.time} ${deadlineTexts.committeeZone}` : '';
}

/** How a deadline line reads: a term running, its last day, over, stopped, or the decision in or out of time. */
export type DeadlineTone = 'running' | 'due' | 'overdue' | 'stopped' | 'on-time' | 'late' | 'decided';

/** The line under a detail's status. */
export interface DeadlineLine {
  tone: DeadlineTone;
  text: string;
  /** The term touches a year without a loaded production calendar: shown as 'предварительно'. */
  provisional: boolean;
}

/** The line of a running term (`reviewDeadline` present): before, on or after its due date. */
function runningTermLine(deadline: ReviewDeadline, term = 'Срок рассмотрения'): DeadlineLine {
  const { dueDate, workingDaysLeft: left, provisional } = deadline;
  if (left < 0) {
    return {
      tone: 'overdue',
      text: `${term} истёк ${formatDay(dueDate)} (просрочено на ${workingDays(-left)})`,
      provisional,
    };
  }
  const rest =
    left === 0
      ? 'сегодня последний день'
      : `${pluralForm(left, ['остался', 'осталось', 'осталось'])} ${workingDays(left)}`;
  return {
    tone: left === 0 ? 'due' : 'running',
    text: `${term} — до ${formatDay(dueDate)} (${rest})`,
    provisional,
  };
}

/** The intake check's term in the words of each side: the committee's staff, or the applicant waiting for it. */
const INTAKE_TERM_WORDS: Readonly<Record<StatusView, string>> = {
  examiner: 'Проверить до',
  company: 'Комитет проверит документы до',
};

/**
 * The intake check's term (docs/product.md «The regulation's procedures»): 'Проверить до {date}' for the committee,
 * 'Комитет проверит документы до {date}' for the applicant, the last day or how far it is over said in brackets,
 * overdue marked as the review term's is; null when none runs.
 */
export function intakeTermLine(
  deadline: ReviewDeadline | null | undefined,
  reader: StatusView = 'examiner',
): DeadlineLine | null {
  if (!deadline) return null;
  const { dueDate, workingDaysLeft: left, provisional } = deadline;
  const text = `${INTAKE_TERM_WORDS[reader]} ${formatDay(dueDate)}`;
  if (left < 0) return { tone: 'overdue', text: `${text} (просрочено на ${workingDays(-left)})`, provisional };
  if (left === 0) return { tone: 'due', text: `${text} (сегодня последний день)`, provisional };
  return { tone: 'running', text, provisional };
}

/** Statuses that end the term with a decision: the refusal to accept ends the intake check's. */
const DECIDED: ReadonlySet<string> = new Set<StatementStatus>(['approved', 'rejected', 'not_accepted']);

/**
 * The deadline line of a statement: the running term, the stop while the committee waits for a new version, or
 * when the decision came and whether in time (from the decision's history entry); null when there is nothing to say
 * (no term known, or a list item without history).
 */
export function deadlineLine(statement: DeadlineSource): DeadlineLine | null {
  if (statement.reviewDeadline) return runningTermLine(statement.reviewDeadline);
  if (statement.status === 'has_comments') {
    return {
      tone: 'stopped',
      text: 'Срок рассмотрения остановлен: комитет ждёт новую версию документов',
      provisional: false,
    };
  }
  if (statement.status === 'withdrawn') {
    const withdrawal = statement.history?.findLast((entry) => entry.status === 'withdrawn');
    const moment = withdrawal && committeeTime(withdrawal.at);
    return {
      tone: 'stopped',
      text: moment
        ? `Рассмотрение прекращено: заявление отозвано ${formatDay(moment.day)}`
        : 'Рассмотрение прекращено: заявление отозвано',
      provisional: false,
    };
  }
  if (!DECIDED.has(statement.status)) return null;
  const decision = statement.history?.findLast((entry) => entry.status === statement.status);
  const moment = decision && committeeTime(decision.at);
  if (!decision || !moment) return null;
  const decided = `Решение принято ${formatDay(moment.day)}`;
  if (!decision.term) return { tone: 'decided', text: decided, provisional: false };
  return decision.term.onTime
    ? { tone: 'on-time', text: `${decided} — в срок`, provisional: false }
    : {
        tone: 'late',
        text: `${decided} — с опозданием (срок истёк ${formatDay(decision.term.dueDate)})`,
        provisional: false,
      };
}

/** The whole line as one text, 'предварительно' included. */
export function deadlineLineText(line: DeadlineLine): string {
  return line.provisional ? `${line.text}, ${deadlineTexts.provisional}` : line.text;
}

/** The short form of a running term for a list card: 'Срок: до 4 декабря', 'Срок: сегодня', 'Просрочено на …'. */
export function shortDeadline(deadline: ReviewDeadline | null | undefined): DeadlineLine | null {
  if (!deadline) return null;
  const { dueDate, workingDaysLeft: left, provisional } = deadline;
  if (left < 0) return { tone: 'overdue', text: `Просрочено на ${workingDays(-left)}`, provisional };
  if (left === 0) return { tone: 'due', text: 'Срок: сегодня', provisional };
  return { tone: 'running', text: `Срок: до ${formatShortDay(dueDate)}`, provisional };
}

/** The cell 'Срок' of the examiner's table: days left (abbreviated, no plural needed), or how far over. */
export interface DeadlineCell {
  /** '3 раб. дн.', 'Последний день', 'Просрочено на 2 раб. дн.', or '—' when no term runs. */
  text: string;
  /** The due date, 'до 04.12.2026'; empty when no term runs. */
  date: string;
  overdue: boolean;
  provisional: boolean;
}

/** The 'Срок' cell of a statement. */
export function deadlineCell(deadline: ReviewDeadline | null | undefined): DeadlineCell {
  if (!deadline) return { text: deadlineTexts.none, date: '', overdue: false, provisional: false };
  const { dueDate, workingDaysLeft: left, provisional } = deadline;
  const date = `до ${formatNumericDay(dueDate)}`;
  if (left < 0) return { text: `Просрочено на ${-left} раб. дн.`, date, overdue: true, provisional };
  return { text: left === 0 ? 'Последний день' : `${left} раб. дн.`, date, overdue: false, provisional };
}

/** The 'Срок' cell as one text (the CSV's, and what a screen reader hears). */
export function deadlineCellText(cell: DeadlineCell): string {
  if (!cell.date) return cell.text;
  return `${cell.text}, ${cell.date}${cell.provisional ? `, ${deadlineTexts.provisional}` : ''}`;
}

/** Texts the rules above share with the components. */
export const deadlineTexts = {
  provisional: 'предварительно',
  provisionalHint: 'Производственный календарь на этот период ещё не утверждён: срок может измениться',
  committeeZone: 'МСК',
  committee: 'Комитет',
  applicant: 'Заявитель',
  none: '—',
} as const;

/**
 * The term of a requested correction of the certificate (5 working days), read as the review term's line is:
 * 'Срок исправления — до {date} (…)', overdue past it; null once answered.
 */
export function correctionTermLine(deadline: ReviewDeadline | null | undefined): DeadlineLine | null {
  return deadline ? runningTermLine(deadline, 'Срок исправления') : null;
}
