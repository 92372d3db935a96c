import type { FastifyInstance } from 'fastify';
import { registerResources } from '../crud/registry.ts';
import { registerBaseModule } from './platform/base/index.ts';
import { registerSelfModule } from './platform/self/routes.ts';
import { registerTaxCodesModule } from './sales/tax-codes/index.ts';
import { registerAiCodingModule } from './sales/ai-coding/index.ts';
import { registerInvoiceCalcModule } from './sales/invoice-calc/index.ts';
import { registerCommoditiesModule } from './sales/commodities/index.ts';
import { registerSkuMapModule } from './sales/sku-map/index.ts';
import { registerCustomersModule } from './sales/customers/index.ts';
import { registerTaxGatewayModule } from './platform/tax-gateway/index.ts';
import { registerInvoicingModule } from './sales/invoicing/index.ts';
import { registerRedLetterModule } from './sales/red-letter/index.ts';
import { registerInvoiceFilesModule } from './sales/invoice-files/index.ts';
import { registerInvoiceBatchModule } from './sales/invoice-batch/index.ts';
import { registerInvoiceSetupModule } from './sales/invoice-setup/index.ts';
import { registerInvoiceStatsModule } from './sales/invoice-stats/index.ts';
import type { Services } from '../http/context.ts';
import { registerOrgRoutes } from './platform/org/index.ts';
import { type LoginKey, registerAuthRoutes } from './platform/auth/index.ts';
import { type ProfileCache, registerProfileRoutes } from './platform/profile/routes.ts';

export interface ModuleDeps {
  loginKey: LoginKey;
  profiles: ProfileCache;
  /** Where uploaded files are written; served read-only under /uploads/. */
  uploadsDir: string;
  /** Shared services, for modules that run background jobs. */
  services: Services;
}

/** Every business module registers its routes here, one line each. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  registerAuthRoutes(app, deps.loginKey);
  registerProfileRoutes(app, deps.profiles);
  registerOrgRoutes(app);
  registerBaseModule(app, deps);
  registerSelfModule(app);
  registerTaxCodesModule(app, deps.services);
  registerAiCodingModule(app);
  registerInvoiceCalcModule(app);
  registerCommoditiesModule(app);
  registerSkuMapModule(app);
  registerCustomersModule(app);
  registerTaxGatewayModule(app);
  registerInvoicingModule(app, deps.services);
  registerRedLetterModule(app, deps.services);
  registerInvoiceFilesModule(app, deps.services, deps.uploadsDir);
  registerInvoiceBatchModule(app, deps.services);
  registerInvoiceSetupModule(app, deps.services, deps.uploadsDir);
  registerInvoiceStatsModule(app, deps.services);
  registerResources(app);
}
