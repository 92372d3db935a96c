import type { Db } from '@fpy/db';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Delivery } from './records.ts';

/**
 * Runs inside the transaction that records a delivery as accepted by a provider (the invoice has left for its
 * buyer): the open platform's webhooks write their invoice.delivered event there. Registered by the reacting
 * module; dispatch does not know who listens. A Set: registering again (a second app in a test) changes nothing.
 */
export type DeliveryAcceptedHook = (tx: Db, ctx: { jobs: JobQueue }, delivery: Delivery) => Promise<void>;
const accepted = new Set<DeliveryAcceptedHook>();

export function onDeliveryAccepted(hook: DeliveryAcceptedHook) {
  accepted.add(hook);
}

export async function runAcceptedHooks(tx: Db, ctx: { jobs: JobQueue }, delivery: Delivery) {
  for (const hook of accepted) await hook(tx, ctx, delivery);
}
