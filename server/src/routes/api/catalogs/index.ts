import type { FastifyPluginAsync } from 'fastify';
import { catalogItems, refusalGrounds } from '../../../catalogs/catalogs.service.ts';
import { contractRoute } from '../../contract-route.ts';

const catalogs: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  contractRoute(app, 'listObjectCategories', {}, async () => catalogItems(ctx, 'catalog_object_types'));
  contractRoute(app, 'listWorkTypes', {}, async () => catalogItems(ctx, 'catalog_work_types'));
  contractRoute(app, 'listIntakeRefusalGrounds', {}, async () => refusalGrounds(ctx, 'intake'));
  contractRoute(app, 'listRefusalGrounds', {}, async () => refusalGrounds(ctx, 'decision'));
};

export default catalogs;
