import type { Db } from '@fpy/db';
import type { LinkInvoice } from './face.ts';
import type { LinkRow } from './resolve.ts';

/**
 * Whether the buyer page of a link offers 存入卡包 (the link reply's `cardBag`). Delivery knows nothing of card
 * bags: the module that does (self-service/wallets) provides the answer through this hook at registration; with
 * none provided the answer is false.
 */
export type CardBagOffer = (db: Db, link: LinkRow, invoices: readonly LinkInvoice[]) => Promise<boolean>;

let offer: CardBagOffer | null = null;

/** Registers the answer (one provider: a later registration replaces the earlier, e.g. a second app in a test). */
export function provideCardBagOffer(fn: CardBagOffer) {
  offer = fn;
}

export async function cardBagOffered(db: Db, link: LinkRow, invoices: readonly LinkInvoice[]) {
  return offer ? offer(db, link, invoices) : false;
}
