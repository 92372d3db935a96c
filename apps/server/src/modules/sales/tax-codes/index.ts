import type { FastifyInstance } from 'fastify';
import { registerTaxCodeRoutes } from './routes.ts';

/** 税收分类编码: the national tree (platform reference data) with search, import and sync. */
export function registerTaxCodesModule(app: FastifyInstance) {
  registerTaxCodeRoutes(app);
}
