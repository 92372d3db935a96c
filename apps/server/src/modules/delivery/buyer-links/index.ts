import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerBuyerLinkRoutes } from './routes.ts';

/**
 * What other modules may use: a buyer code resolved as the link pages resolve it (the miss budget per IP, the
 * same refusals), and the invoices it opens, read in the link's own tenant (self-service/wallets: 卡包).
 */
export { type LinkInvoice, linkInvoices } from './face.ts';
export { type LinkRow, resolveLink } from './resolve.ts';
/** The answer to "offer 存入卡包 on this link's page?", provided by the card-bag module (card-bag.ts). */
export { type CardBagOffer, provideCardBagOffer } from './card-bag.ts';

/**
 * The buyer's public delivery pages' API (issue 14 §4–5): a short code opens one invoice (or a batch link's
 * invoices) — its face, PDF / XML, forwarding by e-mail or SMS through the dispatch pipeline, renewal of an
 * expired link — and nothing else. See README.md.
 */
export function registerBuyerLinksModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerBuyerLinkRoutes(app);
}
