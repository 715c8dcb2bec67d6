import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../../../plugins/auth.ts';
import { teamWorkload } from '../../../statements/team.service.ts';
import { contractRoute } from '../../contract-route.ts';

/** The team's workload for the committee's head (registered behind `requireExaminer`; the service asks for the head). */
const team: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getInstanceTeam', {}, async (request) => {
    const workload = await teamWorkload(app.ctx, currentUser(request));
    app.personalDataRead(request, { kind: 'workload' });
    return workload;
  });
};

export default team;
