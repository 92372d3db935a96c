import type { FastifyInstance } from 'fastify';
import { registerDepartmentRoutes } from './departments/routes.ts';
import { registerGroupRoutes } from './groups/routes.ts';
import { registerUserRoutes } from './users/routes.ts';

/** /orgManager: users, groups (roles) with their grants, departments. Positions are a declared resource. */
export function registerOrgRoutes(app: FastifyInstance) {
  registerUserRoutes(app);
  registerGroupRoutes(app);
  registerDepartmentRoutes(app);
}
