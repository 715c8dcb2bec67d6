import fp from 'fastify-plugin';
import { type ChangeFeed, createChangeFeed } from '../events/change-feed.ts';
import { createLiveStreams, type LiveStreams } from '../events/streams.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The change log as it grows, read while a stream of this process listens (the events route, the metrics). */
    changeFeed: ChangeFeed;
    /** The live streams of this process by login (`sid` of their access token): a logout ends its own. */
    liveStreams: LiveStreams;
  }
}

export default fp(
  async (app) => {
    app.decorate('changeFeed', createChangeFeed(app.ctx));
    app.decorate('liveStreams', createLiveStreams());
  },
  { name: 'live-events', dependencies: ['context'] },
);
