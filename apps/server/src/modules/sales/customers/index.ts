import type { FastifyInstance } from 'fastify';
import { registerCustomerRoutes } from './routes.ts';

/** 我的客户: buyer titles with tax-number checks, suggest for the issuing form, Excel import/export. */
export function registerCustomersModule(app: FastifyInstance) {
  registerCustomerRoutes(app);
}
