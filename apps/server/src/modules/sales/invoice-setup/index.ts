import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerOpenerRoutes } from './opener-routes.ts';
import { registerPrintRoutes } from './print-routes.ts';
import { registerSealRoutes } from './seal-routes.ts';

export { loadSealImage, type SealImage, isSealKey } from './seal.ts';

/**
 * 开票人设置 (drawers, payees, reviewers, defaults per department), 发票专用章, 打印设置 and 发票打印.
 * `uploads` is the store the seal image is written to (served under /uploads/, the name is a random UUID).
 */
export function registerInvoiceSetupModule(app: FastifyInstance, { uploads }: ModuleDeps) {
  registerOpenerRoutes(app);
  registerSealRoutes(app, uploads);
  registerPrintRoutes(app);
}
