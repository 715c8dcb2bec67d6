import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { downloadFile } from '../../../files/files.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { contractRoute } from '../../contract-route.ts';

/** Downloads of stage files: always an attachment, only to those who may see the statement. */
const files: FastifyPluginAsync = async (app) => {
  // The committee's downloads are reads of personal data (the applicants' documents); a company's own are not.
  const download = (request: FastifyRequest, reply: FastifyReply, key: string) =>
    downloadFile(app.ctx, currentUser(request), key, request.headers.range, reply, (file) =>
      app.personalDataRead(request, { kind: 'file', statementId: file.statementId, detail: file.fileName }),
    );
  contractRoute(app, 'downloadFile', {}, async (request, reply) => download(request, reply, request.query.path));
  contractRoute(app, 'downloadFileByKey', {}, async (request, reply) => download(request, reply, request.params.key));
};

export default files;
