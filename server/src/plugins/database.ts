import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Shares one Kysely instance; the caller owns its lifecycle unless `destroyOnClose`. */
export default fp<{ db: Db; destroyOnClose: boolean }>(
  async (app, { db, destroyOnClose }) => {
    app.decorate('db', db);
    if (destroyOnClose) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'database' },
);
