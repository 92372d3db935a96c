import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerBuyerLinkRoutes } from './routes.ts';

/**
 * The buyer's public delivery pages' API (issue 14 §4–5): a short code opens one invoice (or a batch link's
 * invoices) — its face, PDF / XML, forwarding by e-mail or SMS through the dispatch pipeline, renewal of an
 * expired link — and nothing else. See README.md.
 */
export function registerBuyerLinksModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerBuyerLinkRoutes(app);
}
