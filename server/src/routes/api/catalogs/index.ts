import type { FastifyPluginAsync } from 'fastify';
import { listCatalog } from '../../../catalogs/catalogs.repository.ts';
import { contractRoute } from '../../contract-route.ts';

const catalogs: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listObjectCategories', {}, async () => listCatalog(app.db, 'catalog_object_types'));
  contractRoute(app, 'listWorkTypes', {}, async () => listCatalog(app.db, 'catalog_work_types'));
};

export default catalogs;
