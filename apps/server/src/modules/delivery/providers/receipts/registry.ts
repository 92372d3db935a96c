import { receiptHooks } from '../../../../gateways/kit/index.ts';
import type { MessagingGateway, Receipt } from '../../../../gateways/messaging/gateway.ts';
import type { Gateways } from '../../../../gateways/registry.ts';
import type { PendingMessage } from '../adapters/adapter.ts';

/**
 * Who receives delivery receipts, per gateway (the kit's receiptHooks). The dispatch module, which owns the
 * deliveries table, registers a handler with onReceipts and applies each receipt to its delivery; this module
 * only collects receipts (polled or pushed) and hands them on.
 */
export type ReceiptHandler = (receipts: Receipt[]) => Promise<void>;

/**
 * What an account (by id) still waits for: messages accepted and without a receipt yet, newest last. 阿里云 can
 * only be asked about a message by number, day and BizId, so its polling needs this list; the dispatch module
 * knows it (deliveries in state accepted) and registers it with setPendingSource.
 */
export type PendingSource = (providerId: number) => Promise<PendingMessage[]>;

const hooks = receiptHooks<MessagingGateway, Receipt, PendingMessage>();

/** The services a module reaches the messaging gateway through (the registry, gateways/registry.ts). */
type WithMessaging = { gateways: Pick<Gateways, 'messaging'> };

/**
 * Registers `handler` for every receipt of this app's gateway. Receipts carry the provider's message id (and
 * the account id; 0 for the sandbox, whose ids `sbx-…` are unique on their own): match them on
 * providerMessageId. A receipt may arrive twice (a provider pushes and is polled): apply them idempotently.
 */
export function onReceipts(services: WithMessaging, handler: ReceiptHandler) {
  hooks.on(services.gateways.messaging, handler);
}

export function setPendingSource(services: WithMessaging, source: PendingSource) {
  hooks.setPending(services.gateways.messaging, source);
}

export const pendingSourceOf = hooks.pendingOf;

/** Hands receipts to every handler; a failing handler is reported and does not keep them from the others. */
export const deliverReceipts = hooks.deliver;
