import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { fileTexts } from '#domain/files.ts';
import { apiError } from '../../../errors.ts';
import { currentUser } from '../../../plugins/auth.ts';
import {
  MAX_FILE_BYTES,
  oversizedUploadError,
  removePrefile,
  storePrefile,
} from '../../../prefiles/prefiles.service.ts';
import { contractRoute } from '../../contract-route.ts';

/** Uploads before they are attached to a stage: one multipart field `file`, streamed, never held in memory. */
const prefiles: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // One byte over the limit reaches the store, which refuses it; multipart would otherwise truncate silently.
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_FILE_BYTES + 1, fields: 5, parts: 6 } });

  contractRoute(app, 'uploadPrefile', { status: 201 }, async (request) => {
    const user = currentUser(request);
    const oversized = oversizedUploadError(request.headers['content-length']);
    if (oversized) throw oversized;
    const part = await request.file().catch(() => undefined);
    if (part?.fieldname !== 'file') throw apiError('validation_error', 'Приложите файл в поле «file»');
    const stored = await storePrefile(ctx, user.id, {
      fileName: part.filename,
      contentType: part.mimetype,
      source: part.file,
    });
    if (part.file.truncated) {
      await removePrefile(ctx, user.id, stored.id);
      throw apiError('file_too_large', fileTexts.tooLarge(stored.name));
    }
    return stored;
  });

  contractRoute(app, 'deletePrefile', {}, async (request, reply) => {
    await removePrefile(ctx, currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });
};

export default prefiles;
