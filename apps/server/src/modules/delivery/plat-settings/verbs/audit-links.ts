import { type Db, resourceChanges } from '@fpy/db';
import type { AuthedCtx } from '../../../../http/context.ts';

export type Changed = { code: string; invoiceId: number; expiresAt: Date | null };

/** One audit row per link changed (resource 'shortLinks', record = its invoice), in the change's transaction. */
export async function auditLinks(
  ctx: AuthedCtx,
  tx: Db,
  tenantId: number,
  action: string,
  rows: Changed[],
  extra: object,
) {
  if (!rows.length) return;
  await tx.insert(resourceChanges).values(
    rows.map((r) => ({
      tenantId,
      resource: 'shortLinks',
      recordId: r.invoiceId,
      action,
      changes: { code: r.code, expiresAt: r.expiresAt?.toISOString() ?? null, ...extra },
      actorId: ctx.actor.userId,
      actorName: ctx.actor.name,
      ip: ctx.ip,
    })),
  );
}
