import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerCompanyRoutes } from './company/routes.ts';
import { registerPlatformDashboardCards } from './dashboard/platform-cards.ts';
import { registerDashboardRoutes } from './dashboard/routes.ts';
import { registerEnterpriseRoutes } from './enterprise/routes.ts';
import { registerElementRoutes } from './menus/element-routes.ts';
import { registerMenuRoutes } from './menus/menu-routes.ts';
import { registerRegisterRoutes } from './register/routes.ts';
import { registerTenantRoutes } from './tenants/routes.ts';
import { registerTrackingRoutes } from './tracking/routes.ts';

/** 基础配置: menus, tenants, registration, company, branding, dashboard, tracking. */
export function registerBaseModule(app: FastifyInstance, deps: ModuleDeps) {
  registerMenuRoutes(app, deps.uploads);
  registerElementRoutes(app);
  registerTenantRoutes(app, deps.loginKey);
  registerRegisterRoutes(app, deps.loginKey);
  registerCompanyRoutes(app);
  registerEnterpriseRoutes(app, deps.uploads);
  registerDashboardRoutes(app);
  registerPlatformDashboardCards();
  registerTrackingRoutes(app);
}

/** Uploaded images become rasters the product writes; the seal upload (invoice-setup) goes the same way. */
export { rasterise } from './uploads/rasterise.ts';
export { writtenImageType } from './uploads/written-image.ts';
/** Other areas' image uploads (the delivery pages' company logo) go through the same rasterising store. */
export { storeImage } from './uploads/store-image.ts';
/** The one writer of stored_files and tenants: the seal (invoice-setup) records its file and key through these. */
export { forgetStoredFile, recordStoredFile } from './uploads/stored-files.ts';
export { setTenantSealKey } from './tenants/seal-key.ts';
/** Platform settings by key: the one writer of system_settings; others get and put their keys through these. */
export { getSetting, putSetting, putSettingOnce } from './settings/system-settings.ts';

/** The dashboard's card registry: every area registers its 首页 cards from its own folder (issue 13 §5). */
export {
  type DashboardCardBody,
  type DashboardCardDef,
  holds,
  registerDashboardCard,
} from './dashboard/registry.ts';
