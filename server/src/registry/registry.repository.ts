import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// The public register of decisions reads decision snapshots only (docs/product.md «The public register»): a snapshot
// is listed while its statement still stands at that decision (an upheld appeal takes a refusal out until it is
// decided anew), and a corrected certificate's values replace the approval's.

export type RegistryOutcome = 'approved' | 'rejected' | 'not_accepted';

/** What narrows the register, all in SQL. */
export interface RegistryFilter {
  /** Decisions taken before this instant (the publication delay's cut-off). */
  before: string;
  outcome?: RegistryOutcome;
  /** Decision instants `from ≤ decided_at < to`. */
  from?: string;
  to?: string;
  categoryId?: number;
  workTypeId?: number;
  /**
   * Folded text (`db/decision-snapshot.ts:foldForSearch`) that the entry's number, address, cadastral number, company
   * or ИНН contains, as corrected.
   */
  search?: string;
}

/** `text` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/gu, (char) => `\\${char}`)}%`;
}

/**
 * The published snapshots: decided before the cut-off, their statement still at that decision (`left_at` unset: the
 * workflow marks a snapshot whose statement moves away), with the corrected certificate's values where there is one.
 * Nothing here reads the statement: counts and searches stay on the snapshots; a page joins its rows' statements.
 */
function published(db: Db, filter: RegistryFilter) {
  let query = db
    .selectFrom('decision_snapshots as d')
    .leftJoin('corrections as k', (join) =>
      join
        .onRef('k.statement_id', '=', 'd.statement_id')
        .on('k.status', '=', 'corrected')
        .on('d.outcome', '=', 'approved')
        .on((eb) =>
          eb(
            'k.id',
            '=',
            eb
              .selectFrom('corrections as later')
              .select((e) => e.fn.max('later.id').as('id'))
              .whereRef('later.statement_id', '=', 'd.statement_id')
              .where('later.status', '=', 'corrected'),
          ),
        ),
    )
    .where('d.decided_at', '<', filter.before)
    .where('d.left_at', 'is', null);
  if (filter.outcome) query = query.where('d.outcome', '=', filter.outcome);
  if (filter.from) query = query.where('d.decided_at', '>=', filter.from);
  if (filter.to) query = query.where('d.decided_at', '<', filter.to);
  if (filter.categoryId !== undefined) query = query.where('d.category_object_id', '=', filter.categoryId);
  if (filter.workTypeId !== undefined) query = query.where('d.work_type_id', '=', filter.workTypeId);
  if (filter.search !== undefined) {
    const pattern = containing(filter.search);
    query = query.where(sql<boolean>`coalesce(k.search_text, d.search_text) like ${pattern} escape '\\'`);
  }
  return query;
}

/** The values an entry shows: the snapshot's, a corrected certificate's where it corrected them. */
const SHOWN = [
  'd.statement_id',
  's.visible_id',
  'd.decided_at',
  'd.outcome',
  sql<string>`coalesce(k.object_name, d.object_name)`.as('object_name'),
  sql<string | null>`coalesce(k.address, d.address)`.as('address'),
  sql<string | null>`coalesce(k.cadastral_number, d.cadastral_number)`.as('cadastral_number'),
  'd.category_name',
  'd.work_type_name',
  sql<string>`coalesce(k.company_name, d.company_name)`.as('company_name'),
  sql<string | null>`coalesce(k.company_inn, d.company_inn)`.as('company_inn'),
  sql<string | null>`case when d.outcome = 'approved' then coalesce(k.check_token, s.check_token) end`.as(
    'check_token',
  ),
] as const;

export type RegistryRow = Awaited<ReturnType<typeof listRegistryPage>>[number];

/** One page of the register, by decision time (then number) in the given direction. */
export function listRegistryPage(db: Db, filter: RegistryFilter, order: 'asc' | 'desc', limit: number, offset: number) {
  return published(db, filter)
    .innerJoin('statements as s', 's.id', 'd.statement_id')
    .select(SHOWN)
    .orderBy('d.decided_at', order)
    .orderBy('d.statement_id', order)
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many entries match, exactly. */
export async function countRegistry(db: Db, filter: RegistryFilter): Promise<number> {
  const row = await published(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A batch of the whole register for the open-data exports, newest first, after the entry `after` (keyset paging:
 * the export streams batch by batch, never the whole set in memory).
 */
export function listRegistryBatch(
  db: Db,
  before: string,
  after: { decidedAt: string; statementId: number } | null,
  limit: number,
) {
  let query = published(db, { before }).innerJoin('statements as s', 's.id', 'd.statement_id').select(SHOWN);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('d.decided_at', '<', after.decidedAt),
        eb.and([eb('d.decided_at', '=', after.decidedAt), eb('d.statement_id', '<', after.statementId)]),
      ]),
    );
  }
  return query.orderBy('d.decided_at', 'desc').orderBy('d.statement_id', 'desc').limit(limit).execute();
}

/**
 * What identifies the published set's state: how many entries, the sum of their statements' ids, the latest decision
 * and the latest correction among them. Any publication, correction or withdrawal from the register changes it.
 */
export async function registryVersion(db: Db, before: string) {
  const row = await published(db, { before })
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>('d.statement_id').as('ids'),
      eb.fn.max('d.decided_at').as('decided'),
      eb.fn.max('k.answered_at').as('corrected'),
      eb.fn.max('k.id').as('correction'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.n),
    ids: String(row.ids ?? 0),
    decided: (row.decided as string | null) ?? null,
    corrected: (row.corrected as string | null) ?? null,
    correction: row.correction === null ? 0 : Number(row.correction),
  };
}

/**
 * When an entry last left the register: the latest move of a statement away from a decision (an upheld appeal takes a
 * refusal back under review). A decision not yet published that moves away counts too; the time only moves later.
 */
export async function lastLeftAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('status_history')
    .select((eb) => eb.fn.max('changed_at').as('at'))
    .where('from_status', 'in', ['approved', 'rejected', 'not_accepted'])
    .whereRef('to_status', '<>', 'from_status')
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/** The filters' options among the published entries: decision instants (for the years), categories, work types. */
export async function listRegistryFacets(db: Db, before: string) {
  const [categories, workTypes, span] = await Promise.all([
    published(db, { before })
      .select(['d.category_object_id as id', 'd.category_name as name'])
      .where('d.category_object_id', 'is not', null)
      .where('d.category_name', 'is not', null)
      .groupBy(['d.category_object_id', 'd.category_name'])
      .execute(),
    published(db, { before })
      .select(['d.work_type_id as id', 'd.work_type_name as name'])
      .where('d.work_type_id', 'is not', null)
      .where('d.work_type_name', 'is not', null)
      .groupBy(['d.work_type_id', 'd.work_type_name'])
      .execute(),
    published(db, { before })
      .select((eb) => [eb.fn.min('d.decided_at').as('first'), eb.fn.max('d.decided_at').as('last')])
      .executeTakeFirstOrThrow(),
  ]);
  return { categories, workTypes, first: span.first as string | null, last: span.last as string | null };
}

/** The committee's name for the data passport (the first instance: the portal serves one committee). */
export async function findPublisher(db: Db): Promise<string | null> {
  const row = await db.selectFrom('instances').select('name').orderBy('id').limit(1).executeTakeFirst();
  return row?.name ?? null;
}

/**
 * The statement with this number and company ИНН, or the same shape of nothing: one query either way, so a wrong
 * pair and an absent number cost the same.
 */
/**
 * The statement numbered `visibleId` with its company's ИНН, whatever ИНН was asked: the caller compares, so a wrong
 * ИНН and an absent number run this one query.
 */
export function findStatusByNumber(db: Db, visibleId: number) {
  return db
    .selectFrom('statements as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.status', 's.date_create', 's.term_start', 's.term_days', 'c.inn'])
    .where('s.visible_id', '=', visibleId)
    .executeTakeFirst();
}
