import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerDepartmentRoutes } from './departments/routes.ts';
import { registerGroupRoutes } from './groups/routes.ts';
import { registerUserRoutes } from './users/routes.ts';

/** /orgManager: users, groups (roles) with their grants, departments. Positions are a declared resource. */
/** Grants of menus and buttons for the menu editor (platform/base): org is the one writer of the grant tables. */
export { dropGrants, grantToTenantAdmins, revokeFromTenantGroups } from './groups/grant-admins.ts';
/** A new company's 管理员 and 普通用户 groups (base's tenant manager and registration, the demo seed). */
export { createDefaultGroups, groupTypeId } from './groups/default-groups.ts';
/**
 * Writes to `users` other modules ask for (org is its one writer, issue 29 §4): auth's login stamps, lockout and
 * own password, self's profile, base's administrator of a new company; and the hook auth registers to revoke
 * the tokens of an account that is disabled, reset or deleted (in org's transaction).
 */
export {
  countFailedLogin,
  insertTenantAdmin,
  lockAccount,
  onUserSessionsEnd,
  type SessionsEndHook,
  setOwnPasswordHash,
  stampLogin,
  type TenantAdminAccount,
  updateOwnProfile,
} from './users/account-writes.ts';

export function registerOrgModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerUserRoutes(app);
  registerGroupRoutes(app);
  registerDepartmentRoutes(app);
}
