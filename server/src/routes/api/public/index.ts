import { createReadStream } from 'node:fs';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { publicCertificate, publicSignedFile } from '../../../certificates/certificates.service.ts';
import { limitCertificateCheck } from '../../../certificates/check-limit.ts';
import type { Config } from '../../../config.ts';
import { ApiError } from '../../../errors.ts';
import { sendStoredFile } from '../../../files/files.service.ts';
import { currentDocument } from '../../../personal-data/documents.ts';
import { clientIp } from '../../../plugins/client-ip.ts';
import { registryExport } from '../../../registry/exports.ts';
import { limitRegistry, limitStatusCheck } from '../../../registry/public-limits.ts';
import {
  exportValidators,
  notModified,
  publicStatementStatus,
  registryFacets,
  registryPage,
} from '../../../registry/registry.service.ts';
import { contractRoute } from '../../contract-route.ts';

/**
 * The public data endpoints, registered outside the signed-in scope: the certificate check, the register of decisions
 * with its open data, and the status check by number and ИНН (docs/product.md «The public register»).
 */
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

  // The consent and the policy of processing personal data, as published (docs/product.md «Personal data»).
  contractRoute(app, 'getConsent', {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return currentDocument(ctx, 'consent');
  });
  contractRoute(app, 'getPrivacyPolicy', {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return currentDocument(ctx, 'privacy');
  });

  contractRoute(app, 'getPublicCertificate', {}, async (request, reply) => {
    await limitChecks(request);
    reply.header('Cache-Control', 'private, no-store');
    return publicCertificate(ctx, request.params.token);
  });

  // The signed certificate, for anyone to compare (docs/product.md «Public data»); its signature file is not public.
  contractRoute(app, 'downloadPublicSignedCertificate', {}, async (request, reply) => {
    await limitChecks(request);
    const file = await publicSignedFile(ctx, request.params.token);
    return sendStoredFile(ctx, file, reply);
  });

  const tooMany = (retryAfter: number, message: string) =>
    new ApiError('too_many_requests', { message, headers: { 'Retry-After': String(retryAfter) } });
  const limitRegistryRequests = async (request: FastifyRequest) => {
    const retryAfter = await limitRegistry(ctx, clientIp(request, config.trustProxy));
    if (retryAfter > 0)
      throw tooMany(retryAfter, 'Слишком много запросов к реестру с вашего адреса. Попробуйте через минуту.');
  };
  // nginx may keep these for a minute (nginx.conf); browsers revalidate.
  const PUBLIC_CACHE = 'public, max-age=60';

  contractRoute(app, 'getPublicRegistry', {}, async (request, reply) => {
    await limitRegistryRequests(request);
    reply.header('Cache-Control', PUBLIC_CACHE);
    return registryPage(ctx, config.registry, request.query);
  });

  contractRoute(app, 'getPublicRegistryFacets', {}, async (request, reply) => {
    await limitRegistryRequests(request);
    reply.header('Cache-Control', PUBLIC_CACHE);
    return registryFacets(ctx, config.registry);
  });

  const exportRoute = (operationId: 'downloadPublicRegistryCsv' | 'downloadPublicRegistryJson') =>
    contractRoute(app, operationId, {}, async (request, reply) => {
      await limitRegistryRequests(request);
      const validators = await exportValidators(ctx, config.registry);
      reply.header('ETag', validators.etag).header('Cache-Control', `${PUBLIC_CACHE}, must-revalidate`);
      if (validators.lastModified) reply.header('Last-Modified', new Date(validators.lastModified).toUTCString());
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      if (notModified(validators, ifNoneMatch, ifModifiedSince)) return reply.code(304).send();
      const kind = operationId === 'downloadPublicRegistryCsv' ? 'csv' : 'json';
      const built = await registryExport(ctx, config.dataDir, kind, validators);
      return reply
        .header('Content-Type', kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="registry.${kind}"`)
        .header('Content-Length', String(built.size))
        .send(createReadStream(built.file));
    });
  exportRoute('downloadPublicRegistryCsv');
  exportRoute('downloadPublicRegistryJson');

  contractRoute(app, 'checkPublicStatementStatus', {}, async (request, reply) => {
    const limit = await limitStatusCheck(ctx, clientIp(request, config.trustProxy), request.body.visibleId);
    if (limit.retryAfter > 0) throw tooMany(limit.retryAfter, 'Слишком много проверок. Попробуйте позже.');
    reply.header('Cache-Control', 'private, no-store');
    return publicStatementStatus(ctx, request.body, limit.wrongGuess);
  });
};

export default publicRoutes;
