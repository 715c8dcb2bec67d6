// The SQLite connection keeps prepared statements (a bounded LRU by SQL text) instead of preparing every
// query again; the same answers, transactions included, and a stream is never reset by a query with the same text.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, type SqliteStatement, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openNodeSqlite, statementCache } from '../../server/src/db/node-sqlite.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open() {
  const dir = mkdtempSync(path.join(tmpdir(), 'node-sqlite-'));
  dirs.push(dir);
  return openNodeSqlite(path.join(dir, 'test.sqlite'));
}

describe('statementCache', () => {
  it('prepares a text once, keeps at most `size` statements and drops the least recently used', () => {
    const prepared: string[] = [];
    const prepare = statementCache((text) => {
      prepared.push(text);
      return { reader: true, text } as unknown as SqliteStatement;
    }, 2);
    const a = prepare('select 1');
    expect(prepare('select 1')).toBe(a);
    prepare('select 2');
    prepare('select 1'); // now the most recently used
    prepare('select 3'); // drops 'select 2'
    expect(prepare('select 1')).toBe(a);
    prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });
});

describe('openNodeSqlite', () => {
  it('answers repeated queries with their own parameters, and a rolled-back transaction leaves nothing', async () => {
    const { database } = open();
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database }) });
    try {
      await sql`create table t (id integer primary key, name text not null)`.execute(db);
      for (let id = 1; id <= 5; id++)
        await db
          .insertInto('t')
          .values({ id, name: `n${id}` })
          .execute();
      for (let id = 1; id <= 5; id++) {
        const row = await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst();
        expect(row?.name).toBe(`n${id}`);
      }
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('t').values({ id: 6, name: 'n6' }).execute();
          await trx.updateTable('t').set({ name: 'x' }).where('id', '=', 1).execute();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const rows = await db.selectFrom('t').select(['id', 'name']).orderBy('id').execute();
      expect(rows.map((r) => r.name)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    } finally {
      await db.destroy();
    }
  });

  it('reuses one prepared statement per text, while a stream keeps its own', () => {
    const { database, raw } = open();
    try {
      raw.exec('create table t (id integer primary key)');
      raw.exec('insert into t (id) values (1), (2), (3)');
      const text = 'select id from t where id >= ? order by id';
      const first = database.prepare(text);
      expect(database.prepare(text)).toBe(first);
      const stream = first.iterate([1]);
      expect((stream.next().value as { id: number }).id).toBe(1);
      // The same text meanwhile, on the shared statement: the stream goes on where it was.
      expect(database.prepare(text).all([3])).toEqual([{ id: 3 }]);
      expect([...stream].map((row) => (row as { id: number }).id)).toEqual([2, 3]);
    } finally {
      database.close();
    }
  });
});
