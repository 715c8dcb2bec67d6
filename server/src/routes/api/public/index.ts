import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { publicCertificate, publicSignedFile } from '../../../certificates/certificates.service.ts';
import { limitCertificateCheck } from '../../../certificates/check-limit.ts';
import type { Config } from '../../../config.ts';
import { ApiError } from '../../../errors.ts';
import { sendStoredFile } from '../../../files/files.service.ts';
import { clientIp } from '../../../plugins/client-ip.ts';
import { contractRoute } from '../../contract-route.ts';

/** The only public data endpoint: the certificate check (registered outside the signed-in scope). */
const publicRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const { ctx } = app;

  const limitChecks = async (request: FastifyRequest) => {
    const retryAfter = await limitCertificateCheck(ctx, clientIp(request, config.trustProxy));
    if (retryAfter > 0) {
      throw new ApiError('too_many_requests', {
        message: 'Слишком много проверок с вашего адреса. Попробуйте через минуту.',
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
  };

  contractRoute(app, 'getPublicCertificate', {}, async (request, reply) => {
    await limitChecks(request);
    reply.header('Cache-Control', 'private, no-store');
    return publicCertificate(ctx, request.params.token);
  });

  // The signed certificate and its signature, for anyone's own verification (docs/product.md «Signatures»).
  contractRoute(app, 'downloadPublicSignedCertificate', {}, async (request, reply) => {
    await limitChecks(request);
    const file = await publicSignedFile(ctx, request.params.token, request.params.part);
    return sendStoredFile(ctx, file, reply);
  });
};

export default publicRoutes;
