import { preopenBindUrl } from '@fpy/contracts';
import { preopenPhoneBindCodes } from '@fpy/db';
import type { AuthedCtx } from '../../../../http/context.ts';
import { forbidden } from '../../../../lib/errors.ts';
import { sha256 } from '../../../../lib/hash.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { newShortCode } from '../../../delivery/short-links/index.ts';

/** A binding code lives this long: the time to pick up the phone and scan. */
export const BIND_CODE_TTL_MS = 5 * 60_000;

/**
 * 绑定手机审核: a fresh binding code for the signed-in invoicer (20 base62 characters ≈ 119 bits), stored as its
 * SHA-256 only, single-use, expiring in five minutes. The QR the console draws carries it to /invoicerBinding.
 */
export async function createBindCode({ ctx }: { ctx: AuthedCtx }) {
  const tenantId = ctx.actor.tenantId;
  if (tenantId === null) throw forbidden('TENANT_REQUIRED.invoicing');
  const code = newShortCode(20);
  const expiresAt = new Date(Date.now() + BIND_CODE_TTL_MS);
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(preopenPhoneBindCodes)
      .values({ tenantId, userId: ctx.actor.userId, codeHash: sha256(code), expiresAt })
      .returning({ id: preopenPhoneBindCodes.id });
    await emitAudit(tx, ctx, {
      tenantId,
      resource: 'preopen_phone_bind_code',
      recordId: row.id,
      action: 'create',
      changes: { userId: ctx.actor.userId, expiresAt: expiresAt.toISOString() },
    });
  });
  return { code, url: preopenBindUrl(code), expiresAt: expiresAt.toISOString() };
}
