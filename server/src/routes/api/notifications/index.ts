import type { FastifyPluginAsync } from 'fastify';
import { notificationsOf } from '../../../notifications/notifications.service.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { contractRoute } from '../../contract-route.ts';

const notifications: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listNotifications', {}, async (request) => notificationsOf(app.ctx, currentUser(request)));
};

export default notifications;
