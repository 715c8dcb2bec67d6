import type { FastifyPluginAsync } from 'fastify';
import {
  activeReviewBodies,
  answerConclusion,
  conclusionRequestsOf,
  requestConclusions,
  withdrawConclusion,
} from '../../../conclusions/conclusions.service.ts';
import {
  addReviewBodyMember,
  createReviewBody,
  removeReviewBodyMember,
  reviewBodies,
  updateReviewBody,
} from '../../../conclusions/review-bodies.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { conclusionRemarks, deleteProposedRemark, proposeRemark } from '../../../remarks/remarks.service.ts';
import { contractRoute } from '../../contract-route.ts';

/** Asking and withdrawing (registered behind `requireExaminer`; the service asks for the leader or a head). */
export const instanceConclusions: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listActiveReviewBodies', {}, async () => activeReviewBodies(app.ctx));
  contractRoute(app, 'requestConclusions', { status: 201 }, async (request) =>
    requestConclusions(app.ctx, currentUser(request), request.params.id, request.body),
  );
  contractRoute(app, 'withdrawConclusion', {}, async (request) =>
    withdrawConclusion(app.ctx, currentUser(request), request.params.id, request.body),
  );
};

/** The members' requests and answers (signed in: examiners of a department and outside bodies' staff alike). */
export const memberConclusions: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listConclusionRequests', {}, async (request) =>
    conclusionRequestsOf(app.ctx, currentUser(request)),
  );
  contractRoute(app, 'answerConclusion', {}, async (request) =>
    answerConclusion(app.ctx, currentUser(request), request.params.id, request.body),
  );
  contractRoute(app, 'listConclusionRemarks', {}, async (request) =>
    conclusionRemarks(app.ctx, currentUser(request), request.params.id),
  );
  contractRoute(app, 'proposeRemark', { status: 201 }, async (request) =>
    proposeRemark(app.ctx, currentUser(request), request.params.id, request.body),
  );
  contractRoute(app, 'deleteProposedRemark', {}, async (request, reply) => {
    await deleteProposedRemark(app.ctx, currentUser(request), request.params.id, request.params.remarkId);
    return reply.code(204).send();
  });
};

/** The catalogue of bodies and their members (registered behind `requireHead`). */
export const adminReviewBodies: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  contractRoute(app, 'listReviewBodies', {}, async () => reviewBodies(ctx));
  contractRoute(app, 'createReviewBody', { status: 201 }, async (request) =>
    createReviewBody(ctx, currentUser(request), request.body),
  );
  contractRoute(app, 'updateReviewBody', {}, async (request) =>
    updateReviewBody(ctx, currentUser(request), request.params.id, request.body),
  );
  contractRoute(app, 'addReviewBodyMember', { status: 201 }, async (request) =>
    addReviewBodyMember(ctx, currentUser(request), request.params.id, request.body),
  );
  contractRoute(app, 'removeReviewBodyMember', {}, async (request) =>
    removeReviewBodyMember(ctx, currentUser(request), request.params.id, request.params.userId),
  );
};
