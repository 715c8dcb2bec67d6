// The database as a backup sees it, on either engine: which tables hold the portal's data, their columns, their rows
// as a stream of engine-neutral values, and the counters behind their ids (docs/operations.md «Резервные копии»).
import { type Kysely, sql } from 'kysely';
import { type Db, isPostgres } from '../db/database.ts';

/** The database seen through tables named at run time (by the catalogue, or by a backup checked against it). */
export function untyped(db: Db): Kysely<Record<string, Record<string, unknown>>> {
  return db as unknown as Kysely<Record<string, Record<string, unknown>>>;
}

/** Tables a backup leaves out: the migrator's own bookkeeping, and the backups' (they belong to one installation). */
const NOT_DATA = new Set(['kysely_migration', 'kysely_migration_lock', 'backups', 'deferred_file_removals']);

/** A column as a backup writes it: its name, and whether its values are booleans (stored as 0/1 by SQLite). */
export interface TableColumn {
  name: string;
  boolean: boolean;
}

export interface TableShape {
  name: string;
  columns: TableColumn[];
}

/** Every table of the database, in the order they were created (the migrations' order); none when it has none. */
export async function allTables(db: Db): Promise<string[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_class c
      where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
      order by c.oid`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by rowid`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

/** The tables that hold the portal's data, with their columns in their order. */
export async function dataTables(db: Db): Promise<TableShape[]> {
  const shapes: TableShape[] = [];
  for (const name of await allTables(db)) {
    if (NOT_DATA.has(name)) continue;
    shapes.push({ name, columns: await columnsOf(db, name) });
  }
  return shapes;
}

export async function columnsOf(db: Db, table: string): Promise<TableColumn[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string; type: string }>`
      select column_name as name, data_type as type from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
    return rows.map((row) => ({ name: row.name, boolean: row.type === 'boolean' }));
  }
  const { rows } = await sql<{ name: string; type: string }>`
    select name, type from pragma_table_info(${table}) order by cid`.execute(db);
  return rows.map((row) => ({ name: row.name, boolean: row.type.toLowerCase() === 'boolean' }));
}

/** A row's value as a backup keeps it: booleans as booleans, whichever engine stored them. */
function neutral(value: unknown, column: TableColumn): unknown {
  if (column.boolean && typeof value === 'number') return value !== 0;
  if (typeof value === 'bigint') return Number(value);
  return value;
}

const PAGE = 500;

/**
 * Every row of `table`, as arrays of values in the columns' order, read a page at a time: a cursor on PostgreSQL,
 * SQLite's own stepping through the statement. Must run inside the transaction that holds the snapshot.
 */
export async function* readRows(trx: Db, table: TableShape): AsyncGenerator<unknown[]> {
  const toArray = (row: Record<string, unknown>) => table.columns.map((column) => neutral(row[column.name], column));
  if (isPostgres(trx)) {
    const cursor = sql.id(`backup_${table.name}`);
    await sql`declare ${cursor} no scroll cursor for select * from ${sql.table(table.name)}`.execute(trx);
    try {
      for (;;) {
        const { rows } = await sql<Record<string, unknown>>`fetch ${sql.lit(PAGE)} from ${cursor}`.execute(trx);
        for (const row of rows) yield toArray(row);
        if (rows.length < PAGE) break;
      }
    } finally {
      await sql`close ${cursor}`.execute(trx);
    }
    return;
  }
  const rows = untyped(trx).selectFrom(table.name).selectAll().stream(PAGE);
  for await (const row of rows) yield toArray(row as Record<string, unknown>);
}

/** The counters behind the tables' ids: the last value each handed out (`table.column` → value). */
export async function readSequences(db: Db): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  if (isPostgres(db)) {
    const { rows } = await sql<{ table_name: string; column_name: string; sequence: string }>`
      select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
      from information_schema.columns
      where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db);
    for (const row of rows) {
      if (NOT_DATA.has(row.table_name) || !row.sequence) continue;
      const { rows: state } = await sql<{ last_value: number | string; is_called: boolean }>`
        select last_value, is_called from ${sql.raw(row.sequence)}`.execute(db);
      const value = state[0]?.is_called ? Number(state[0].last_value) : 0;
      found[`${row.table_name}.${row.column_name}`] = value;
    }
    return found;
  }
  const { rows } = await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`.execute(db);
  for (const row of rows) {
    if (NOT_DATA.has(row.name)) continue;
    const { rows: key } = await sql<{ name: string }>`
      select name from pragma_table_info(${row.name}) where pk = 1`.execute(db);
    found[`${row.name}.${key[0]?.name ?? 'id'}`] = Number(row.seq);
  }
  return found;
}

/**
 * Runs `work` in one read-only transaction that sees the database at one moment (repeatable read on PostgreSQL;
 * SQLite's read transaction in WAL mode sees one state of the file), given the migrations the database has, in order.
 */
export function withSnapshot<T>(db: Db, work: (trx: Db, migrations: string[]) => Promise<T>): Promise<T> {
  let transaction = db.transaction();
  if (isPostgres(db)) transaction = transaction.setIsolationLevel('repeatable read').setAccessMode('read only');
  return transaction.execute(async (trx) => {
    // The first read fixes the snapshot (SQLite's transaction begins deferred).
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx);
    return work(
      trx,
      rows.map((row) => row.name),
    );
  });
}
