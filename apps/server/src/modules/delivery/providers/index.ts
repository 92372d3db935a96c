import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerEnterpriseMailRoutes } from './admin/enterprise-mail.ts';
import { registerProviderAdminRoutes } from './admin/routes.ts';
import { createMessagingGateway, ProviderGateway } from './gateway.ts';
import { scheduleReceiptPolling } from './receipts/poll.ts';
import { registerReceiptRoutes } from './receipts/routes.ts';

export type { PendingMessage } from './adapters/adapter.ts';
export { SANDBOX_NAME, SANDBOX_PROVIDER_ID, simulate as sandboxSimulation } from './adapters/sandbox.ts';
export {
  createMessagingGateway,
  DEFAULT_TIMEOUT_MS,
  FailoverExhausted,
  type GatewayOptions,
  ProviderGateway,
} from './gateway.ts';
export { GatewayNotifier } from './notifier.ts';
export { RECEIPT_POLL_TASK } from './receipts/poll.ts';
export {
  onReceipts,
  type PendingSource,
  type ReceiptHandler,
  setPendingSource,
} from './receipts/registry.ts';

/**
 * 短信/邮件服务商 (issue 14 §1): the gateway behind services.gateways.messaging (built in app.ts), the platform's provider
 * pages, the tenant's 企业邮箱, the pushed-receipt callbacks and the receipt polling task. See README.md.
 */
export function registerDeliveryProvidersModule(app: FastifyInstance, { services }: ModuleDeps) {
  // app.ts builds a ProviderGateway; a test may inject another gateway, then a private one serves the pages.
  const gateway =
    services.gateways.messaging instanceof ProviderGateway
      ? services.gateways.messaging
      : createMessagingGateway(services.db, { outbound: services.outbound });
  registerProviderAdminRoutes(app, gateway);
  registerEnterpriseMailRoutes(app, gateway);
  registerReceiptRoutes(app);
  scheduleReceiptPolling(services, gateway);
}
