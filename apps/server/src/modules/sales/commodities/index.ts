import type { FastifyInstance } from 'fastify';
import { registerCommodityRoutes } from './routes.ts';

/** 商品编码: the tenant's goods with their tax codes, own codes, rates; import from invoices, export. */
export function registerCommoditiesModule(app: FastifyInstance) {
  registerCommodityRoutes(app);
}
