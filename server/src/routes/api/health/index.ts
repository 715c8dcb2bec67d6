import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../../errors.ts';
import { checkReadiness, unavailableChecks } from '../../../metrics/health.ts';
import { contractRoute } from '../../contract-route.ts';

/**
 * Liveness and readiness for nginx, a load balancer or systemd; no login. While the server closes (SIGTERM), Fastify
 * itself answers 503 to new requests, readiness included, so no new work is sent to an API process that is stopping.
 */
const health: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getHealth', {}, async () => ({ status: 'ok' as const }));

  contractRoute(app, 'getReadiness', {}, async () => {
    const failed = await checkReadiness(app.ctx);
    if (failed.length > 0) {
      throw new ApiError('service_unavailable', { message: `Сервис не готов: не отвечает ${failed.join(', ')}.` });
    }
    const unavailable = await unavailableChecks(app.ctx);
    return { status: unavailable.length > 0 ? ('degraded' as const) : ('ok' as const), unavailable };
  });
};

export default health;
