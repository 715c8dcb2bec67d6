import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PersonalDataAccessKind } from '../db/schema.ts';

// The log of reads of personal data (docs/product.md «Personal data»): appended by one insert per read, never changed
// but by the destruction of personal data (the database refuses it otherwise).

/** One read, as written. */
export interface NewAccess {
  at: string;
  userId: number;
  userName: string | null;
  address: string;
  kind: PersonalDataAccessKind;
  statementId?: number | null;
  personId?: number | null;
  detail?: string | null;
}

/** Appends one read: one insert. */
export async function insertAccess(db: Db, entry: NewAccess): Promise<void> {
  await db
    .insertInto('personal_data_access')
    .values({
      at: entry.at,
      user_id: entry.userId,
      user_name: entry.userName,
      address: entry.address,
      kind: entry.kind,
      statement_id: entry.statementId ?? null,
      person_id: entry.personId ?? null,
      detail: entry.detail ?? null,
    })
    .execute();
}

/** What the log is filtered by: ids of the people named, of the readers, the statement's id, a period. */
export interface AccessFilter {
  personIds?: number[];
  userIds?: number[];
  statementId?: number;
  from?: string;
  to?: string;
}

/** The entries a filter keeps: a person matches the entries naming them and the reads of statements they submitted. */
function filtered(db: Db, filter: AccessFilter) {
  let query = db.selectFrom('personal_data_access as log');
  const { personIds } = filter;
  if (personIds !== undefined) {
    const ids = personIds.length > 0 ? personIds : [-1];
    query = query.where((eb) =>
      eb.or([
        eb('log.person_id', 'in', ids),
        eb(
          'log.statement_id',
          'in',
          eb.selectFrom('stages').select('stages.statement_id').where('stages.applicant_id', 'in', ids),
        ),
      ]),
    );
  }
  if (filter.userIds !== undefined) {
    query = query.where('log.user_id', 'in', filter.userIds.length > 0 ? filter.userIds : [-1]);
  }
  if (filter.statementId !== undefined) query = query.where('log.statement_id', '=', filter.statementId);
  if (filter.from !== undefined) query = query.where('log.at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('log.at', '<', filter.to);
  return query;
}

/** One page of the entries a filter keeps, newest first, with the statement's number and the person's name. */
export function listAccess(db: Db, filter: AccessFilter, offset: number, limit: number | null) {
  const query = filtered(db, filter)
    .leftJoin('statements', 'statements.id', 'log.statement_id')
    .leftJoin('users as person', 'person.id', 'log.person_id')
    .select([
      'log.id',
      'log.at',
      'log.user_id',
      'log.user_name',
      'log.address',
      'log.kind',
      'log.statement_id',
      'statements.visible_id',
      'log.person_id',
      'person.fio as person_name',
      'log.detail',
    ])
    .orderBy('log.id', 'desc');
  // SQLite knows no OFFSET without a LIMIT: the whole export has neither.
  return (limit === null ? query : query.limit(limit).offset(offset)).execute();
}

/** How many entries a filter keeps. */
export async function countAccess(db: Db, filter: AccessFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every account's id, name and e-mail: a few thousand rows, searched by the service (SQLite's lower() knows no Cyrillic). */
export function listPeople(db: Db) {
  return db.selectFrom('users').select(['id', 'fio', 'email', 'phone']).execute();
}

/** The statement's id by its visible number. */
export async function statementIdByNumber(db: Db, visibleId: number): Promise<number | undefined> {
  const row = await db.selectFrom('statements').select('id').where('visible_id', '=', visibleId).executeTakeFirst();
  return row?.id;
}
