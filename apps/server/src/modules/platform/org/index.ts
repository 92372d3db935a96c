import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerDepartmentRoutes } from './departments/routes.ts';
import { registerGroupRoutes } from './groups/routes.ts';
import { registerUserRoutes } from './users/routes.ts';

/** /orgManager: users, groups (roles) with their grants, departments. Positions are a declared resource. */
/** Grants of menus and buttons for the menu editor (platform/base): org is the one writer of the grant tables. */
export { dropGrants, grantToTenantAdmins, revokeFromTenantGroups } from './groups/grant-admins.ts';

export function registerOrgModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerUserRoutes(app);
  registerGroupRoutes(app);
  registerDepartmentRoutes(app);
}
