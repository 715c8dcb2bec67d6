import type { FastifyPluginAsync } from 'fastify';

/** The committee's administration (registered behind `requireHead`, docs/product.md «Administration»). */
const admin: FastifyPluginAsync = async () => {};

export default admin;
