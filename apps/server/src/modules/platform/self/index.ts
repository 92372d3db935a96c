import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerSelfRoutes } from './routes.ts';

/** 个人中心: the caller's own account (view, edit, recent logins). */
export function registerSelfModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerSelfRoutes(app);
}
