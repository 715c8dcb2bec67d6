import type { Db } from '../db/database.ts';
import type { CalendarYear } from './calendar.ts';

/** The production calendar years an admin loaded, with their exceptions to the weekends. */
export async function listCalendarYears(db: Db): Promise<CalendarYear[]> {
  const [years, days] = await Promise.all([
    db.selectFrom('calendar_years').select('year').orderBy('year').execute(),
    db.selectFrom('calendar_days').select(['day', 'year', 'working']).orderBy('day').execute(),
  ]);
  return years.map(({ year }) => {
    const own = days.filter((day) => Number(day.year) === Number(year));
    return {
      year: Number(year),
      nonWorking: own.filter((day) => !day.working).map((day) => day.day),
      working: own.filter((day) => Boolean(day.working)).map((day) => day.day),
    };
  });
}

/** The years an admin loaded, with when. */
export function listImportedYears(db: Db) {
  return db.selectFrom('calendar_years').select(['year', 'imported_at']).orderBy('year').execute();
}

/** The statements whose term runs (`sent`, `under_review`), with what their terms are computed from. */
export function listRunningTerms(db: Db) {
  return db
    .selectFrom('statements')
    .select(['id', 'visible_id', 'object_name', 'status', 'term_start', 'term_days'])
    .where('status', 'in', ['sent', 'under_review'])
    .where('term_start', 'is not', null)
    .orderBy('visible_id')
    .execute();
}

/** Replaces a year's calendar with this one, in the caller's transaction. */
export async function replaceCalendarYear(db: Db, calendar: CalendarYear, at: string): Promise<void> {
  await db.deleteFrom('calendar_days').where('year', '=', calendar.year).execute();
  await db
    .insertInto('calendar_years')
    .values({ year: calendar.year, imported_at: at })
    .onConflict((oc) => oc.column('year').doUpdateSet({ imported_at: at }))
    .execute();
  const days = [
    ...calendar.nonWorking.map((day) => ({ day, year: calendar.year, working: false })),
    ...calendar.working.map((day) => ({ day, year: calendar.year, working: true })),
  ];
  if (days.length > 0) await db.insertInto('calendar_days').values(days).execute();
}

/** The configured terms of these scopes (`portal`, `category:<id>`). */
export function findReviewTerms(db: Db, scopes: readonly string[]) {
  return db
    .selectFrom('review_terms')
    .select(['scope', 'days'])
    .where('scope', 'in', [...scopes])
    .execute();
}

export function listReviewTerms(db: Db) {
  return db.selectFrom('review_terms').select(['scope', 'days', 'updated_at']).orderBy('scope').execute();
}

export async function upsertReviewTerm(db: Db, scope: string, days: number, at: string): Promise<void> {
  await db
    .insertInto('review_terms')
    .values({ scope, days, updated_at: at })
    .onConflict((oc) => oc.column('scope').doUpdateSet({ days, updated_at: at }))
    .execute();
}

/**
 * Statements whose term runs, either with an active assigned examiner or taken by nobody yet (`sent`), and whose
 * overdue reminder for that term has not been claimed yet: the candidates of the reminder job.
 */
export function listReminderCandidates(db: Db) {
  return db
    .selectFrom('statements as s')
    .leftJoin('users as examiner', 'examiner.id', 's.examiner_id')
    .select([
      's.id',
      's.visible_id',
      's.object_name',
      's.status',
      's.term_start',
      's.term_days',
      's.examiner_id',
      'examiner.email as examiner_email',
    ])
    .where('s.status', 'in', ['sent', 'under_review'])
    .where('s.term_start', 'is not', null)
    .where((eb) => eb.or([eb('s.examiner_id', 'is', null), eb('examiner.removed_at', 'is', null)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deadline_reminders as r')
            .select('r.statement_id')
            .whereRef('r.statement_id', '=', 's.id')
            .whereRef('r.term_start', '=', 's.term_start')
            .where('r.kind', '=', 'overdue'),
        ),
      ),
    )
    .orderBy('s.id')
    .execute();
}

export interface ReminderClaim {
  statementId: number;
  termStart: string;
  kind: 'soon' | 'overdue';
}

/** Claims a reminder: true for the one caller whose insert made the row, false when it was claimed before. */
export async function claimReminder(db: Db, claim: ReminderClaim, at: string): Promise<boolean> {
  const row = await db
    .insertInto('deadline_reminders')
    .values({ statement_id: claim.statementId, term_start: claim.termStart, kind: claim.kind, claimed_at: at })
    .onConflict((oc) => oc.columns(['statement_id', 'term_start', 'kind']).doNothing())
    .returning('statement_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back with the notifications it made (its mail could not be sent), so a later run tries again. */
export async function releaseReminder(
  db: Db,
  claim: ReminderClaim,
  notification: { userIds: number[]; message: string; at: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('notifications')
      .where('user_id', 'in', notification.userIds)
      .where('message', '=', notification.message)
      .where('date_create', '=', notification.at)
      .execute();
    await trx
      .deleteFrom('deadline_reminders')
      .where('statement_id', '=', claim.statementId)
      .where('term_start', '=', claim.termStart)
      .where('kind', '=', claim.kind)
      .execute();
  });
}
