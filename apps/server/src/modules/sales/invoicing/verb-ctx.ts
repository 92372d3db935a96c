import type { Db } from '@fpy/db';
import type { JobQueue } from '../../../jobs/queue.ts';
import { forbidden } from '../../../lib/errors.ts';
import type { TaxGateway } from '../../platform/tax-gateway/gateway.ts';

/**
 * What a verb needs: the database, who acts (null for a background job) and from where. An HTTP AuthedCtx
 * fits structurally; jobs build one with systemCtx.
 */
export interface VerbCtx {
  db: Db;
  actor: { userId: number; name: string; tenantId: number | null; platform: boolean } | null;
  ip: string | null;
  jobs: JobQueue;
}

export interface GatewayCtx extends VerbCtx {
  gateway: TaxGateway;
}

export const systemCtx = (db: Db, jobs: JobQueue, gateway: TaxGateway): GatewayCtx => ({
  db,
  actor: null,
  ip: null,
  jobs,
  gateway,
});

/**
 * Permission check of the issuing verbs: a signed-in member of a company. Platform accounts hold no seller
 * identity, so they cannot issue (they may read every tenant through the list and detail routes).
 */
export function issuingTenant(ctx: VerbCtx): number {
  if (!ctx.actor || ctx.actor.tenantId === null) throw forbidden('平台账号不能开具发票', 'TENANT_REQUIRED');
  return ctx.actor.tenantId;
}
