import type { FastifyPluginAsync } from 'fastify';
import { listCatalog } from '../../../catalogs/catalogs.repository.ts';

const catalogs: FastifyPluginAsync = async (app) => {
  app.get('/api/catalogObjectTypes', async () => listCatalog(app.db, 'catalog_object_types'));
  app.get('/api/catalogWorkType', async () => listCatalog(app.db, 'catalog_work_types'));
};

export default catalogs;
