import type { AuthedCtx } from '../../../http/context.ts';
import { emitAudit, type Tx } from '../../../lib/write/index.ts';

export type Changed = { code: string; invoiceId: number; expiresAt: Date | null };

/** One audit row per link changed (resource 'shortLinks', record = its invoice), in the change's transaction. */
export function auditLinks(
  ctx: AuthedCtx,
  tx: Tx,
  tenantId: number,
  action: string,
  rows: Changed[],
  extra: object,
) {
  return emitAudit(
    tx,
    ctx,
    rows.map((r) => ({
      tenantId,
      resource: 'shortLinks',
      recordId: r.invoiceId,
      action,
      changes: { code: r.code, expiresAt: r.expiresAt?.toISOString() ?? null, ...extra },
    })),
  );
}
