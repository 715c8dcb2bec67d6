import fp from 'fastify-plugin';

/** How often a body in progress is looked at, and how much it must have grown meanwhile. */
export const BODY_RATE_WINDOW_MS = 5_000;
const MIN_BODY_BYTES_PER_WINDOW = 1024;

/**
 * A minimum body rate, as production servers keep one (nginx's `client_body_timeout`, Apache's mod_reqtimeout): a
 * request whose body grows by less than MIN_BODY_BYTES_PER_WINDOW in BODY_RATE_WINDOW_MS is cut, so trickled
 * bodies cannot hold the API's connections when it is reached without nginx (SECURITY.md). Uploads are left to the
 * store's own back-pressure and their per-user rate: their reading may pause while a slow store catches up.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = request.raw;
      const declared = raw.headers['content-length'];
      const hasBody = (declared !== undefined && declared !== '0') || raw.headers['transfer-encoding'] !== undefined;
      const upload = String(raw.headers['content-type'] ?? '').startsWith('multipart/');
      if (!hasBody || upload || raw.complete) {
        done();
        return;
      }
      const socket = raw.socket;
      let seen = socket.bytesRead;
      const timer = setInterval(() => {
        if (raw.complete || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        const now = socket.bytesRead;
        if (now - seen < MIN_BODY_BYTES_PER_WINDOW) {
          clearInterval(timer);
          request.log.info({ url: request.url }, 'request body too slow: connection closed');
          socket.destroy();
          return;
        }
        seen = now;
      }, BODY_RATE_WINDOW_MS);
      timer.unref();
      raw.once('end', () => clearInterval(timer));
      raw.once('close', () => clearInterval(timer));
      done();
    });
  },
  { name: 'slow-bodies' },
);
