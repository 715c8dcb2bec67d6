import fp from 'fastify-plugin';
import { createListCache, type ListCache } from '../lists/list-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Statement lists as last sent, while nothing they show has changed (the list routes, the metrics). */
    listCache: ListCache;
  }
}

export default fp(
  async (app) => {
    app.decorate('listCache', createListCache(app.ctx));
  },
  { name: 'list-cache', dependencies: ['context'] },
);
