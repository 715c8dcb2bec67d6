import type { ReviewDeadline } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { formatDay, workingDays } from '#domain/russian.ts';
import { catalogIds, catalogItems } from '../catalogs/catalogs.service.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { readListRevision } from '../db/list-revision.ts';
import { notify, statementMailText } from '../notifications/notifications.service.ts';
import { listExaminers } from '../users/users.service.ts';
import { type CalendarYear, localDate, SHIPPED_YEARS, WorkingCalendar } from './calendar.ts';
import {
  claimReminder,
  findReviewTerms,
  listCalendarYears,
  listImportedYears,
  listReminderCandidates,
  listReviewTerms,
  listRunningTerms,
  type ReminderClaim,
  releaseReminder,
  replaceCalendarYear,
  upsertReviewTerm,
} from './deadlines.repository.ts';
import { DEFAULT_TERM_DAYS, deadlinesAt, intakeTerm, runningTerm, type Term } from './term.ts';

/** The production calendar: the shipped years, with the years an admin loaded over them (two small queries). */
export async function loadCalendar(db: Db): Promise<WorkingCalendar> {
  return new WorkingCalendar(await calendarYears(db));
}

/** The years with official data: the shipped ones, with the years an admin loaded over them, by year. */
export async function calendarYears(db: Db): Promise<CalendarYear[]> {
  const loaded = await listCalendarYears(db);
  const years = new Map<number, CalendarYear>(SHIPPED_YEARS.map((year) => [year.year, year]));
  for (const year of loaded) years.set(year.year, year);
  return [...years.values()].sort((a, b) => a.year - b.year);
}

/** The years an admin loaded (the screen or the CLI), with when: year → ISO instant. */
export async function importedYears(db: Db): Promise<Map<number, string>> {
  return new Map((await listImportedYears(db)).map((row) => [Number(row.year), row.imported_at]));
}

/** The statements whose review term or intake check runs now, with what their terms are computed from. */
export function runningTerms(db: Db) {
  return listRunningTerms(db);
}

/** Replaces a year's calendar, in the caller's transaction: every due date computed from now on follows it. */
export function storeCalendarYear(db: Db, calendar: CalendarYear, at: string): Promise<void> {
  return replaceCalendarYear(db, calendar, at);
}

/** What replies need to show deadlines at the context's `now`: built once per request, used for every row. */
export interface DeadlineClock {
  deadline: (term: Term) => ReviewDeadline;
  /** The intake check's length (`INTAKE_TERM_DAYS`). */
  intakeDays: number;
}

/** The calendar a database handle last read, and the list revision it was read at. */
const calendars = new WeakMap<Db, { revision: string; calendar: Promise<WorkingCalendar> }>();

/** The calendar, re-read only when the list revision moved: triggers bump it on any calendar write, by any API process. */
async function currentCalendar(db: Db): Promise<WorkingCalendar> {
  // Revision first, so a calendar written meanwhile is filed under the older revision and read again next time.
  const revision = await readListRevision(db);
  const known = calendars.get(db);
  if (known?.revision === revision) return known.calendar;
  const calendar = loadCalendar(db);
  calendars.set(db, { revision, calendar });
  calendar.catch(() => {
    if (calendars.get(db)?.calendar === calendar) calendars.delete(db);
  });
  return calendar;
}

export async function deadlineClock(ctx: ServiceContext): Promise<DeadlineClock> {
  return {
    deadline: deadlinesAt(await currentCalendar(ctx.db), ctx.now(), ctx.config.timeZone),
    intakeDays: ctx.config.intakeTermDays,
  };
}

/** The deadline of a statement as it is now, or null when no term runs (has_comments, decided). */
export function deadlineOf(clock: DeadlineClock, row: Parameters<typeof runningTerm>[0]): ReviewDeadline | null {
  const term = runningTerm(row);
  return term ? clock.deadline(term) : null;
}

/** The intake check's deadline while the statement is `sent`, or null in any other status. */
export function intakeDeadlineOf(clock: DeadlineClock, row: Parameters<typeof intakeTerm>[0]): ReviewDeadline | null {
  const term = intakeTerm(row, clock.intakeDays);
  return term ? clock.deadline(term) : null;
}

/** Whether a statement is past a running term now: its review term or, while `sent`, its intake check. */
export function isOverdue(clock: DeadlineClock, row: Parameters<typeof runningTerm>[0]): boolean {
  const late = (deadline: ReviewDeadline | null) => (deadline?.workingDaysLeft ?? 0) < 0;
  return late(deadlineOf(clock, row)) || late(intakeDeadlineOf(clock, row));
}

const PORTAL_SCOPE = 'portal';
const categoryScope = (categoryObjectId: number) => `category:${categoryObjectId}`;

/** The term a submission receives now: its object category's, else the portal's, else 10 working days. */
export async function termDaysFor(db: Db, categoryObjectId: number | null): Promise<number> {
  const scopes = categoryObjectId === null ? [PORTAL_SCOPE] : [PORTAL_SCOPE, categoryScope(categoryObjectId)];
  const rows = await findReviewTerms(db, scopes);
  const byScope = new Map(rows.map((row) => [row.scope, Number(row.days)]));
  return (
    (categoryObjectId === null ? undefined : byScope.get(categoryScope(categoryObjectId))) ??
    byScope.get(PORTAL_SCOPE) ??
    DEFAULT_TERM_DAYS
  );
}

/** A mistake an admin can fix: printed by the CLI as it is. */
export class DeadlineSettingError extends Error {}

/** Sets the portal's term, or an object category's (by its catalogue code); running terms keep their length. */
export async function setReviewTerm(ctx: ServiceContext, days: number, categoryCode: string | null): Promise<string> {
  if (!Number.isInteger(days) || days < 1 || days > 365) {
    throw new DeadlineSettingError('Срок рассмотрения — целое число рабочих дней от 1 до 365');
  }
  let scope = PORTAL_SCOPE;
  let what = 'портала';
  if (categoryCode !== null) {
    const id = (await catalogIds(ctx, 'catalog_object_types')).get(categoryCode);
    if (id === undefined) {
      const codes = (await catalogItems(ctx, 'catalog_object_types')).map((item) => item.value).join(', ');
      throw new DeadlineSettingError(`Нет категории объекта с кодом «${categoryCode}». Коды: ${codes}`);
    }
    scope = categoryScope(id);
    what = `категории «${categoryCode}»`;
  }
  await upsertReviewTerm(ctx.db, scope, days, nowIso(ctx.now()));
  return `Срок рассмотрения ${what}: ${workingDays(days)}`;
}

/** The configured terms, in Russian, one per line (the portal's first). */
export async function describeReviewTerms(ctx: ServiceContext): Promise<string[]> {
  const rows = await listReviewTerms(ctx.db);
  const codes = new Map(
    (await catalogItems(ctx, 'catalog_object_types')).map((item) => [categoryScope(item.id), item.value]),
  );
  const portal = rows.find((row) => row.scope === PORTAL_SCOPE);
  const portalDays = portal ? Number(portal.days) : DEFAULT_TERM_DAYS;
  const lines = [`Портал: ${workingDays(portalDays)}${portal ? '' : ' (по умолчанию)'}`];
  for (const row of rows) {
    if (row.scope === PORTAL_SCOPE) continue;
    lines.push(`Категория «${codes.get(row.scope) ?? row.scope}»: ${workingDays(Number(row.days))}`);
  }
  return lines;
}

/** A reminder goes this many working days before the due date (and again once the term is over). */
const REMINDER_DAYS_BEFORE = 2;

interface Recipient {
  id: number;
  email: string;
}

interface ReminderMail {
  subject: string;
  text: string;
}

function reminderMail(
  ctx: ServiceContext,
  statement: { id: number; visible_id: number; object_name: string; examiner_id: number | null },
  kind: ReminderClaim['kind'],
  deadline: ReviewDeadline,
): ReminderMail {
  const what = `№ ${statement.visible_id} «${statement.object_name}»`;
  const due = formatDay(deadline.dueDate);
  const subject =
    kind === 'soon'
      ? `Срок рассмотрения заявления ${what} истекает ${due}`
      : `Срок рассмотрения заявления ${what} истёк`;
  const left = deadline.workingDaysLeft;
  const line =
    kind === 'soon'
      ? `Срок рассмотрения заявления ${what} — до ${due} (${left === 0 ? 'истекает сегодня' : `осталось ${workingDays(left)}`}).`
      : `Срок рассмотрения заявления ${what} истёк: он был до ${due}.`;
  const note = deadline.provisional
    ? ['', 'Срок рассчитан предварительно: производственный календарь года не загружен.']
    : [];
  const nobody = statement.examiner_id === null ? ['', 'Заявление ещё никто не взял в работу.'] : [];
  return {
    subject,
    text: statementMailText(ctx, routes.examinerStatementInfo(statement.id), [line, ...nobody, ...note]),
  };
}

/**
 * The reminder job: for every running term, a mail (and an in-app notification) when `REMINDER_DAYS_BEFORE` working
 * days or fewer are left, and another once the term is over; each at most once per term, on working days only (a day
 * off waits for the next working day). The assigned examiner is reminded, or, while nobody has taken the statement,
 * every examiner. Every API process may run it: a reminder is claimed by inserting its row (statement, term, kind) with
 * the notifications in one transaction, and only the API process whose insert made the row mails, after the commit.
 * When no mail of a reminder could be sent (SMTP down), its claim is given back for the next run. Returns how many
 * mails went.
 */
export async function sendDeadlineReminders(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  const calendar = await currentCalendar(ctx.db);
  const deadlineAt = deadlinesAt(calendar, now, ctx.config.timeZone);
  const today = localDate(now, ctx.config.timeZone);
  // Examiners are mailed on working days only: a term that ran out on a Friday is reported on Monday morning.
  if (!calendar.isWorkingDay(today)) return 0;
  const at = nowIso(now);
  let examiners: Recipient[] | null = null;
  const everyExaminer = async () => {
    examiners ??= (await listExaminers(ctx.db)).flatMap((user) =>
      user.email ? [{ id: user.id, email: user.email }] : [],
    );
    return examiners;
  };
  const mails: Array<{ claim: ReminderClaim; mail: ReminderMail; recipients: Recipient[] }> = [];
  for (const row of await listReminderCandidates(ctx.db)) {
    const term: Term | null = runningTerm(row);
    if (!term) continue;
    const deadline = deadlineAt(term);
    const kind: ReminderClaim['kind'] | null =
      today > deadline.dueDate ? 'overdue' : deadline.workingDaysLeft <= REMINDER_DAYS_BEFORE ? 'soon' : null;
    if (!kind) continue;
    const recipients =
      row.examiner_id === null
        ? await everyExaminer()
        : row.examiner_email
          ? [{ id: row.examiner_id, email: row.examiner_email }]
          : [];
    if (recipients.length === 0) continue;
    const claim: ReminderClaim = { statementId: row.id, termStart: term.start, kind };
    const mail = reminderMail(ctx, row, kind, deadline);
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, claim, at))) return false;
      const route = routes.examinerStatementInfo(row.id);
      await notify(trx, { userIds: recipients.map((r) => r.id), message: mail.subject, route, at });
      return true;
    });
    if (claimed) mails.push({ claim, mail, recipients });
  }
  let sent = 0;
  for (const { claim, mail, recipients } of mails) {
    let delivered = 0;
    for (const recipient of recipients) {
      try {
        await ctx.mailer.send({ to: recipient.email, ...mail });
        delivered++;
      } catch (error) {
        ctx.logError(error, 'deadline reminder mail failed');
      }
    }
    sent += delivered;
    if (delivered > 0) continue;
    const notification = { userIds: recipients.map((r) => r.id), message: mail.subject, at };
    await releaseReminder(ctx.db, claim, notification).catch((release: unknown) =>
      ctx.logError(release, 'reminder release'),
    );
  }
  return sent;
}
