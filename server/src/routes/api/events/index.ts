import type { FastifyPluginAsync } from 'fastify';
import { createEventStreams } from '../../../events/event-stream.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { contractRoute } from '../../contract-route.ts';

/** GET /api/events: the reader's live changes as Server-Sent Events (events/event-stream.ts). */
const events: FastifyPluginAsync = async (app) => {
  const streams = createEventStreams(app.ctx, app.changeFeed, app.liveStreams);
  // Shutting down waits for requests in flight: an open stream would wait for ever, so each is ended first (the
  // client reconnects to another API process with Last-Event-ID).
  app.addHook('preClose', async () => streams.endAll());
  contractRoute(app, 'streamEvents', {}, async (request, reply) => streams.open(request, reply, currentUser(request)));
};

export default events;
