import type { FastifyInstance } from 'fastify';
import { registerResources } from '../crud/registry.ts';
import type { ModuleDeps, RegisterModule } from '../http/module.ts';
import { registerDeliveryDispatchModule } from './delivery/dispatch/index.ts';
import { registerDeliveryRecordsModule } from './delivery/delivery-records/index.ts';
import { registerDeliveryStatsModule } from './delivery/delivery-stats/index.ts';
import { registerSmsAdminModule } from './delivery/sms-admin/index.ts';
import { registerBuyerLinksModule } from './delivery/buyer-links/index.ts';
import { registerPlatSettingsModule } from './delivery/plat-settings/index.ts';
import { registerAuthModule } from './platform/auth/index.ts';
import { registerBaseModule } from './platform/base/index.ts';
import { registerOrgModule } from './platform/org/index.ts';
import { registerOutboxModule } from './platform/outbox/index.ts';
import { registerMonitorModule } from './platform/monitor/index.ts';
import { registerProfileModule } from './platform/profile/index.ts';
import { registerSelfModule } from './platform/self/index.ts';
import { registerTaxGatewayModule } from './platform/tax-gateway/index.ts';
import { registerAiCodingModule } from './sales/ai-coding/index.ts';
import { registerCommoditiesModule } from './sales/commodities/index.ts';
import { registerCustomersModule } from './sales/customers/index.ts';
import { registerInvoiceBatchModule } from './sales/invoice-batch/index.ts';
import { registerInvoiceCalcModule } from './sales/invoice-calc/index.ts';
import { registerInvoiceFilesModule } from './sales/invoice-files/index.ts';
import { registerInvoiceSetupModule } from './sales/invoice-setup/index.ts';
import { registerInvoiceStatsModule } from './sales/invoice-stats/index.ts';
import { registerInvoicingModule } from './sales/invoicing/index.ts';
import { registerPreopenPhoneModule } from './sales/preopen-phone/index.ts';
import { registerInvoicerIdentityModule } from './sales/invoicer-identity/index.ts';
import { registerRedLetterModule } from './sales/red-letter/index.ts';
import { registerSkuMapModule } from './sales/sku-map/index.ts';
import { registerTaxCodesModule } from './sales/tax-codes/index.ts';
import { registerDeliveryProvidersModule } from './delivery/providers/index.ts';
import { registerTitlesModule } from './self-service/titles/index.ts';
import { registerCodeBoardsModule } from './self-service/code-boards/index.ts';
import { registerAgentEntryModule } from './self-service/agent-entry/index.ts';
import { registerWalletsModule } from './self-service/wallets/index.ts';
import { registerInvoiceRequestsModule } from './self-service/invoice-requests/index.ts';
import { registerScanOrdersModule } from './self-service/scan-orders/index.ts';
import { registerChecksModule } from './purchase/checks/index.ts';
import { registerReimbursementsModule } from './purchase/reimbursements/index.ts';
import { registerWarningsModule } from './purchase/warnings/index.ts';
import { registerInvoiceIntakeModule } from './purchase/invoice-intake/index.ts';
import { registerReceivedInvoicesModule } from './purchase/received-invoices/index.ts';
import { registerReceivedStatisticsModule } from './purchase/received-statistics/index.ts';
import { registerDeductionModule } from './purchase/deduction/index.ts';
import { registerCodeUpdateModule } from './purchase/code-update/index.ts';
import { registerOpenGatewayModule } from './open-platform/gateway/index.ts';
import { registerOpenConsoleModule } from './open-platform/console/index.ts';
import { registerWebhooksModule } from './open-platform/webhooks/index.ts';
import { registerOpenDocsModule } from './open-platform/docs/index.ts';
import { registerCallStatsModule } from './open-platform/call-stats/index.ts';

export type { ModuleDeps, RegisterModule } from '../http/module.ts';

/**
 * Every module by product area, each entered through its index.ts with the same register(app, deps). A new
 * domain adds one line here; reactions between modules are hooks the reacting module registers.
 */
const MODULES: Record<
  'platform' | 'sales' | 'delivery' | 'self-service' | 'purchase' | 'open-platform',
  RegisterModule[]
> = {
  platform: [
    // First: its request hooks and the queue/scheduler instrument cover every module after it (issue 32 §3).
    registerMonitorModule,
    registerAuthModule,
    registerProfileModule,
    registerOrgModule,
    registerBaseModule,
    registerSelfModule,
    registerTaxGatewayModule,
    registerOutboxModule,
  ],
  sales: [
    registerTaxCodesModule,
    registerAiCodingModule,
    registerInvoiceCalcModule,
    registerCommoditiesModule,
    registerSkuMapModule,
    registerCustomersModule,
    registerInvoicingModule,
    registerPreopenPhoneModule,
    registerInvoicerIdentityModule,
    registerRedLetterModule,
    registerInvoiceFilesModule,
    registerInvoiceBatchModule,
    registerInvoiceSetupModule,
    registerInvoiceStatsModule,
  ],
  // Issue 14: SMS and e-mail delivery of issued invoices (providers, dispatch, SMS admin, settings, buyer links).
  delivery: [
    registerDeliveryProvidersModule,
    registerDeliveryDispatchModule,
    registerBuyerLinksModule,
    registerSmsAdminModule,
    registerDeliveryRecordsModule,
    registerDeliveryStatsModule,
    registerPlatSettingsModule,
  ],
  // Issue 30: buyers invoice themselves (自助开票): code boards, …
  'self-service': [
    registerTitlesModule,
    registerInvoiceRequestsModule,
    registerScanOrdersModule,
    registerCodeBoardsModule,
    registerAgentEntryModule,
    registerWalletsModule,
  ],
  // Issue 31: the purchase side (进项).
  purchase: [
    registerReceivedInvoicesModule,
    registerChecksModule,
    registerReimbursementsModule,
    registerWarningsModule,
    registerInvoiceIntakeModule,
    registerReceivedStatisticsModule,
    registerDeductionModule,
    registerCodeUpdateModule,
  ],
  // Issue 32: the open platform. The gateway stays LAST: it opens the routes the modules above registered.
  'open-platform': [
    registerOpenDocsModule,
    registerOpenGatewayModule,
    registerOpenConsoleModule,
    registerCallStatsModule,
    // After the gateway: its demo seed (at ready) writes the demo app the webhooks' demo deliveries belong to.
    registerWebhooksModule,
  ],
};

export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  for (const register of Object.values(MODULES).flat()) await register(app, deps);
  registerResources(app);
}
