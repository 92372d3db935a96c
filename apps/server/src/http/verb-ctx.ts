import type { Db } from '@fpy/db';
import type { JobQueue } from '../jobs/queue.ts';
import type { TaxGateway } from '../gateways/tax-bureau/gateway.ts';

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
