import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerProfileRoutes } from './routes.ts';

export { ProfileCache } from './routes.ts';

/** 个人信息与菜单: the signed-in user's profile, front info and menu tree (cached per user). */
export function registerProfileModule(app: FastifyInstance, deps: ModuleDeps) {
  registerProfileRoutes(app, deps.profiles);
}
