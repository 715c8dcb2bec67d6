import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../../errors.ts';
import { checkReadiness } from '../../../health/health.service.ts';
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
    return { status: 'ok' as const };
  });
};

export default health;
