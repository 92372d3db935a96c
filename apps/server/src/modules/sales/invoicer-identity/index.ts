import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerInvoicerIdentityRoutes } from './routes.ts';
import { createLink } from './verbs/create-link.ts';

/**
 * 开票员身份认证 (issue 30, /validate): when the bureau pauses a tenant's issuing until the invoicer confirms, the
 * console hands out a link and the phone page answers the bureau's captcha. Table invoicer_identity_links is
 * written here only; the bureau's side is the TaxGateway's identity calls. See README.md.
 */
export function registerInvoicerIdentityModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerInvoicerIdentityRoutes(app);
}

/** The demo seed hands out a link for the demo tenant's pending demand (userId null). */
export { createLink as createInvoicerIdentityLink };
