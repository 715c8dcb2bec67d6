import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Runs `work` on a handle where everything it writes is one transaction: committed when `work` resolves, rolled back
 * when it throws or the process dies meanwhile. The transactions the services open inside it become savepoints, so
 * they keep their own all-or-nothing and the whole stays one. For work done once at start (the demo seed), never
 * beside requests: on SQLite it holds the one connection throughout.
 */
/** The handles inOneTransaction gives out: work started on one must not outlive its transaction. */
const oneTransactionHandles = new WeakSet<Db>();

/**
 * Whether `db` is a handle of inOneTransaction: work that would run after the call returns (in the background) must
 * not use it, as its transaction is over by then (on PostgreSQL a savepoint outside a transaction is an error).
 */
export function insideOneTransaction(db: Db): boolean {
  return oneTransactionHandles.has(db);
}

export async function inOneTransaction<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  const executor = db.getExecutor();
  const postgres = executor.adapter instanceof PostgresAdapter;
  return executor.provideConnection(async (connection) => {
    const run = (text: string) => connection.executeQuery(CompiledQuery.raw(text));
    await run('begin');
    const inner = new Kysely<Database>({
      dialect: {
        createAdapter: () => executor.adapter,
        createDriver: () => savepointDriver(connection),
        createIntrospector: (kysely) => (postgres ? new PostgresIntrospector(kysely) : new SqliteIntrospector(kysely)),
        createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
      },
    });
    oneTransactionHandles.add(inner);
    try {
      const result = await work(inner);
      await run('commit');
      return result;
    } catch (error) {
      await run('rollback').catch(() => {});
      throw error;
    }
  });
}

/** A driver over one connection already in a transaction: a transaction begun on it is a savepoint. */
function savepointDriver(connection: DatabaseConnection): Driver {
  let depth = 0;
  const run = async (text: string) => {
    await connection.executeQuery(CompiledQuery.raw(text));
  };
  return {
    init: async () => {},
    acquireConnection: async () => connection,
    releaseConnection: async () => {},
    destroy: async () => {},
    beginTransaction: async () => {
      depth += 1;
      await run(`savepoint nested_${depth}`);
    },
    commitTransaction: async () => {
      await run(`release savepoint nested_${depth}`);
      depth -= 1;
    },
    rollbackTransaction: async () => {
      await run(`rollback to savepoint nested_${depth}`);
      await run(`release savepoint nested_${depth}`);
      depth -= 1;
    },
  };
}
