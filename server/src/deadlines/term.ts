// The review term's clock (docs/product.md «The review term»): pure arithmetic over a WorkingCalendar, no database.
import type { ReviewDeadline, StatementStatus, TermOutcome } from '#domain/contract.ts';
import { addDays, type IsoDate, localDate, type WorkingCalendar } from './calendar.ts';

/** The default term: 10 working days (ПП РФ от 29.05.2023 № 857). */
export const DEFAULT_TERM_DAYS = 10;

/** The statuses in which the term runs; `has_comments` stops it (the applicant's turn), a decision ends it. */
export const TERM_RUNS_IN: readonly StatementStatus[] = ['sent', 'under_review'];

/**
 * The intake check's term runs while the statement is `sent`, from its submission: an examiner takes it into work or
 * refuses to accept it (docs/product.md «The regulation's procedures»). Its length is `INTAKE_TERM_DAYS`.
 */
export const INTAKE_CHECK_IN: StatementStatus = 'sent';

/** A running term as a statement keeps it: the receipt of the last submission and its length then. */
export interface Term {
  /** ISO instant of the receipt. */
  start: string;
  days: number;
}

/** The term of a statement in this status, or null when none runs. */
export function runningTerm(row: {
  status: StatementStatus;
  term_start: string | null;
  term_days: number | null;
}): Term | null {
  if (!TERM_RUNS_IN.includes(row.status) || row.term_start === null || row.term_days === null) return null;
  return { start: row.term_start, days: Number(row.term_days) };
}

/** The intake check's term of a statement in this status (`days` long from the submission), or null when none runs. */
export function intakeTerm(row: { status: StatementStatus; term_start: string | null }, days: number): Term | null {
  if (row.status !== INTAKE_CHECK_IN || row.term_start === null) return null;
  return { start: row.term_start, days };
}

/** The last working day of a term: the N-th working day strictly after the receipt's date in the time zone. */
function dueDateOf(calendar: WorkingCalendar, term: Term, timeZone: string): IsoDate {
  return calendar.addWorkingDays(localDate(new Date(term.start), timeZone), term.days);
}

/**
 * Working days after `today` up to and including `dueDate` (0 on the due date, and only then: it is a working day),
 * or, once the term is over, minus the working days past `dueDate` up to and including `today`, counting the next
 * working day when today is not one: the weekend after a Friday due date is already -1, not 0.
 */
export function workingDaysLeft(calendar: WorkingCalendar, dueDate: IsoDate, today: IsoDate): number {
  if (today <= dueDate) return calendar.workingDaysBetween(today, dueDate);
  return -(calendar.workingDaysBetween(dueDate, today) + (calendar.isWorkingDay(today) ? 0 : 1));
}

/**
 * The deadlines at `now`, for many terms at once (a list): today is found once, and terms received on the same day
 * with the same length share one computation. Provisional when any day counted over (from the day after the
 * receipt to the later of the due date and today) lies in a year whose calendar is not loaded.
 */
export function deadlinesAt(calendar: WorkingCalendar, now: Date, timeZone: string): (term: Term) => ReviewDeadline {
  const today = localDate(now, timeZone);
  const known = new Map<string, ReviewDeadline>();
  return (term) => {
    const receipt = localDate(new Date(term.start), timeZone);
    const key = `${receipt} ${term.days}`;
    let deadline = known.get(key);
    if (!deadline) {
      const dueDate = calendar.addWorkingDays(receipt, term.days);
      deadline = {
        dueDate,
        workingDaysLeft: workingDaysLeft(calendar, dueDate, today),
        // today lies after the receipt, so the two ranges cover the receipt's next day to the later of the two.
        provisional:
          calendar.touchesProvisional(addDays(receipt, 1), dueDate) || calendar.touchesProvisional(dueDate, today),
      };
      known.set(key, deadline);
    }
    return { ...deadline };
  };
}

/** The deadline of one term at `now`. */
export function reviewDeadline(calendar: WorkingCalendar, term: Term, now: Date, timeZone: string): ReviewDeadline {
  return deadlinesAt(calendar, now, timeZone)(term);
}

/** How a change at `at` that stops a running term kept it: in time when it came by the end of the due date. */
export function termOutcome(calendar: WorkingCalendar, term: Term, at: Date, timeZone: string): TermOutcome {
  const dueDate = dueDateOf(calendar, term, timeZone);
  return { dueDate, onTime: localDate(at, timeZone) <= dueDate };
}
