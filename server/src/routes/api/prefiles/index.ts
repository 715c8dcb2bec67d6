import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { fileTexts } from '#domain/files.ts';
import { ApiError, apiError } from '../../../errors.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { MAX_PART_HEADER_BYTES, watchPartHeaders } from '../../../prefiles/multipart-headers.ts';
import {
  MAX_FILE_BYTES,
  oversizedUploadError,
  removePrefile,
  storePrefile,
} from '../../../prefiles/prefiles.service.ts';
import { checkUploadLimits, pastPendingQuota, quotaExceeded } from '../../../prefiles/upload-limits.ts';
import { contractRoute } from '../../contract-route.ts';

/** Answers to a multipart body that is not one (docs/product.md «Files»). */
const bodyNotClosed = 'Тело запроса оборвано: нет завершающей границы multipart. Загрузите файл заново.';
const uploadAborted = 'Загрузка прервана';
const partHeadersTooLarge = `Заголовки части multipart длиннее ${MAX_PART_HEADER_BYTES / 1024} КБ`;

/** Uploads before they are attached to a stage: one multipart field `file`, streamed, never held in memory. */
const prefiles: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // One byte over the limit reaches the store, which refuses it; multipart would otherwise truncate silently. Part
  // headers past the watch's limit are cut by busboy (memory stays bounded) and refused by the watch.
  // `headerSize` is busboy's own limit, which @fastify/multipart passes on without declaring it.
  const limits = { files: 1, fileSize: MAX_FILE_BYTES + 1, fields: 5, parts: 6, headerSize: MAX_PART_HEADER_BYTES + 1 };
  await app.register(multipart, { limits });

  contractRoute(app, 'uploadPrefile', { status: 201 }, async (request) => {
    const user = currentUser(request);
    const oversized = oversizedUploadError(request.headers['content-length']);
    if (oversized) throw oversized;
    await checkUploadLimits(ctx, user, Number(request.headers['content-length'] ?? 0) || 0, ctx.config.uploads);
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
    const headersTooLarge = watchPartHeaders(request.raw, boundary?.[1] ?? boundary?.[2] ?? '');
    const refuseLargeHeaders = () => {
      if (headersTooLarge()) throw apiError('bad_request', partHeadersTooLarge);
    };
    const part = await request.file().catch(() => undefined);
    refuseLargeHeaders();
    if (part?.fieldname !== 'file') throw apiError('validation_error', 'Приложите файл в поле «file»');
    const stored = await storePrefile(ctx, user.id, {
      fileName: part.filename,
      contentType: part.mimetype,
      source: part.file,
    }).catch((error: unknown) => {
      // What went wrong with the body itself (it ended before its closing boundary, the client went away) is the
      // client's; anything else (the store) is ours.
      const bodyFailed = part.file.errored !== null || request.raw.errored !== null || request.raw.destroyed;
      if (error instanceof ApiError || !bodyFailed) throw error;
      if (request.raw.destroyed || request.raw.socket?.destroyed) {
        // Someone closed the tab or lost the connection: nothing to answer, nothing wrong with the server.
        request.log.info({ url: request.url }, 'upload aborted by the client');
        throw apiError('bad_request', uploadAborted);
      }
      throw apiError('bad_request', bodyNotClosed);
    });
    if (part.file.truncated || headersTooLarge()) {
      await removePrefile(ctx, user.id, stored.id);
      refuseLargeHeaders();
      throw apiError('file_too_large', fileTexts.tooLarge(stored.name));
    }
    if (await pastPendingQuota(ctx, user, ctx.config.uploads)) {
      await removePrefile(ctx, user.id, stored.id);
      throw quotaExceeded(ctx.config.uploads);
    }
    return stored;
  });

  contractRoute(app, 'deletePrefile', {}, async (request, reply) => {
    await removePrefile(ctx, currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });
};

export default prefiles;
