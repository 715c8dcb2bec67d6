import type { FastifyPluginAsync } from 'fastify';
import { downloadFile } from '../../../files/files.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { contractRoute } from '../../contract-route.ts';

/** Downloads of stage files: always an attachment, only to those who may see the statement. */
const files: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'downloadFile', {}, async (request, reply) =>
    downloadFile(app.ctx, currentUser(request), request.query.path, request.headers.range, reply),
  );
  contractRoute(app, 'downloadFileByKey', {}, async (request, reply) =>
    downloadFile(app.ctx, currentUser(request), request.params.key, request.headers.range, reply),
  );
};

export default files;
