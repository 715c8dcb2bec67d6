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
