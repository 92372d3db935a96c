import { preopenPhoneDevices } from '@fpy/db';
import { and, eq, isNull } from 'drizzle-orm';
import { notFound } from '../../../../lib/errors.ts';
import { type AuditCtx, emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import type { Db } from '@fpy/db';

/**
 * Ends a bound phone (from the console's list, or the phone itself): only the user's own devices in their
 * tenant; the token stops working at once (every call reads the device row).
 */
export async function revokeDevice({
  ctx,
  input,
}: {
  ctx: AuditCtx & { db: Db };
  input: { id: number; tenantId: number; userId: number; via: 'console' | 'phone' };
}) {
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(preopenPhoneDevices)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(preopenPhoneDevices.id, input.id),
          eq(preopenPhoneDevices.tenantId, input.tenantId),
          eq(preopenPhoneDevices.userId, input.userId),
          isNull(preopenPhoneDevices.revokedAt),
        ),
      )
      .returning({ id: preopenPhoneDevices.id });
    if (!row) throw notFound('NOT_FOUND');
    await emitAudit(tx, ctx, {
      tenantId: input.tenantId,
      resource: 'preopen_phone_device',
      recordId: row.id,
      action: 'revoke',
      changes: { via: input.via },
    });
  });
  return { ok: true as const };
}
