import fp from 'fastify-plugin';

export const PROXY_WARNING =
  'TRUST_PROXY не задан, а запросы приходят с заголовками прокси (X-Forwarded-For / X-Real-IP): сервер за прокси ' +
  'видит все запросы с адреса прокси, и все клиенты делят один лимит запросов кода. Задайте TRUST_PROXY=<адрес nginx>. ' +
  '(TRUST_PROXY is unset but requests carry proxy headers.)';

/**
 * Says loudly, once per process, when requests arrive through a proxy (X-Forwarded-For or X-Real-IP present) while
 * TRUST_PROXY is unset: every client then looks like the proxy and shares one login-code limit. The headers are
 * still not believed (they may be the client's own); this only tells ops the setting is missing.
 */
export default fp<{ trustProxy: string | null }>(
  async (app, { trustProxy }) => {
    if (trustProxy) return;
    let warned = false;
    // A callback hook: synchronous, and on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!warned && (request.headers['x-forwarded-for'] !== undefined || request.headers['x-real-ip'] !== undefined)) {
        warned = true;
        app.log.warn({ peer: request.socket.remoteAddress }, PROXY_WARNING);
      }
      done();
    });
  },
  { name: 'proxy-warning' },
);
