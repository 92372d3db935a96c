import type { Services } from '../../../../http/context.ts';
import type { ProviderGateway } from '../gateway.ts';
import { deliverReceipts } from './registry.ts';

export const RECEIPT_POLL_TASK = 'delivery-receipts';
/** Often enough that the sandbox's "delivered" shows within half a minute; providers allow far more. */
const POLL_INTERVAL_MS = 30_000;

/**
 * Polls every account for receipts and hands them to the registered handlers. On several server processes the
 * scheduler's tick claim runs each tick once; the sandbox's claim is a conditional UPDATE besides.
 */
export function scheduleReceiptPolling(services: Services, gateway: ProviderGateway) {
  services.scheduler.every(RECEIPT_POLL_TASK, POLL_INTERVAL_MS, async () => {
    const receipts = await gateway.pollReceipts();
    await deliverReceipts(services.gateways.messaging, receipts, (err) =>
      console.error('delivery receipt handler failed', err),
    );
  });
}
