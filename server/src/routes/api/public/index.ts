import type { FastifyPluginAsync } from 'fastify';
import { publicCertificate } from '../../../certificates/certificates.service.ts';
import { limitCertificateCheck } from '../../../certificates/check-limit.ts';
import type { Config } from '../../../config.ts';
import { ApiError } from '../../../errors.ts';
import { clientIp } from '../../../plugins/client-ip.ts';
import { contractRoute } from '../../contract-route.ts';

/** The only public data endpoint: the certificate check (registered outside the signed-in scope). */
const publicRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const { ctx } = app;

  contractRoute(app, 'getPublicCertificate', {}, async (request, reply) => {
    const retryAfter = await limitCertificateCheck(ctx, clientIp(request, config.trustProxy));
    if (retryAfter > 0) {
      throw new ApiError('too_many_requests', {
        message: 'Слишком много проверок с вашего адреса. Попробуйте через минуту.',
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    reply.header('Cache-Control', 'private, no-store');
    return publicCertificate(ctx, request.params.token);
  });
};

export default publicRoutes;
