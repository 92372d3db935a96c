import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerCommodityRoutes } from './routes.ts';

// The public face: what other modules may use.
export { printNameOf } from './commodity-rows.ts';

/** 商品编码: the tenant's goods with their tax codes, own codes, rates; import from invoices, export. */
export function registerCommoditiesModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerCommodityRoutes(app);
}
