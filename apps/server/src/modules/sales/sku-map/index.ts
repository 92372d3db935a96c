import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module.ts';
import { registerSkuMapRoutes } from './routes.ts';

/** 商品对照: ERP product names / SKUs mapped to the tenant's commodities. */
export function registerSkuMapModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerSkuMapRoutes(app);
}
