import type { FastifyPluginAsync } from 'fastify';
import { offeredCatalogItems, refusalGrounds } from '../../../catalogs/catalogs.service.ts';
import { contractRoute } from '../../contract-route.ts';

/** The catalogues as new statements, replies and refusals offer them: retired items are left out. */
const catalogs: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  contractRoute(app, 'listObjectCategories', {}, async () => offeredCatalogItems(ctx, 'catalog_object_types'));
  contractRoute(app, 'listWorkTypes', {}, async () => offeredCatalogItems(ctx, 'catalog_work_types'));
  contractRoute(app, 'listIntakeRefusalGrounds', {}, async () => refusalGrounds(ctx, 'intake'));
  contractRoute(app, 'listRefusalGrounds', {}, async () => refusalGrounds(ctx, 'decision'));
};

export default catalogs;
