import type { MessagingGateway, Receipt } from '../../../../gateways/messaging/gateway.ts';
import type { PendingMessage } from '../adapters/adapter.ts';

/**
 * Who receives delivery receipts, per gateway (one per app: two apps in one process — tests — never see each
 * other's). The dispatch module, which owns the deliveries table, registers a handler with onReceipts and
 * applies each receipt to its delivery; this module only collects receipts (polled or pushed) and hands them on.
 */
export type ReceiptHandler = (receipts: Receipt[]) => Promise<void>;

/**
 * What an account (by id) still waits for: messages accepted and without a receipt yet, newest last. 阿里云 can
 * only be asked about a message by number, day and BizId, so its polling needs this list; the dispatch module
 * knows it (deliveries in state accepted) and registers it with setPendingSource.
 */
export type PendingSource = (providerId: number) => Promise<PendingMessage[]>;

interface Hooks {
  handlers: ReceiptHandler[];
  pending?: PendingSource;
}

const hooks = new WeakMap<MessagingGateway, Hooks>();

function hooksOf(gateway: MessagingGateway): Hooks {
  let h = hooks.get(gateway);
  if (!h) {
    h = { handlers: [] };
    hooks.set(gateway, h);
  }
  return h;
}

/**
 * Registers `handler` for every receipt of this app's gateway. Receipts carry the provider's message id (and
 * the account id; 0 for the sandbox, whose ids `sbx-…` are unique on their own): match them on
 * providerMessageId. A receipt may arrive twice (a provider pushes and is polled): apply them idempotently.
 */
export function onReceipts(services: { messaging: MessagingGateway }, handler: ReceiptHandler) {
  hooksOf(services.messaging).handlers.push(handler);
}

export function setPendingSource(services: { messaging: MessagingGateway }, source: PendingSource) {
  hooksOf(services.messaging).pending = source;
}

export const pendingSourceOf = (gateway: MessagingGateway) => hooks.get(gateway)?.pending;

/** Hands receipts to every handler; a failing handler is reported and does not keep them from the others. */
export async function deliverReceipts(
  gateway: MessagingGateway,
  receipts: Receipt[],
  onError: (err: unknown) => void = () => {},
) {
  if (!receipts.length) return;
  for (const handler of hooks.get(gateway)?.handlers ?? []) {
    try {
      await handler(receipts);
    } catch (err) {
      onError(err);
    }
  }
}
