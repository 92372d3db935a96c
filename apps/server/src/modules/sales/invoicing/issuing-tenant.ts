import type { VerbCtx } from '../../../http/verb-ctx.ts';
import { forbidden } from '../../../lib/errors.ts';

/**
 * Permission check of the issuing verbs: a signed-in member of a company. Platform accounts hold no seller
 * identity, so they cannot issue (they may read every tenant through the list and detail routes).
 */
export function issuingTenant(ctx: VerbCtx): number {
  if (!ctx.actor || ctx.actor.tenantId === null) throw forbidden('TENANT_REQUIRED.invoicing');
  return ctx.actor.tenantId;
}
