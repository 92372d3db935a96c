import { validateUrl } from '@fpy/contracts';
import { invoicerIdentityLinks } from '@fpy/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { sha256 } from '../../../../lib/hash.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { newShortCode } from '../../../delivery/short-links/index.ts';

/** A link lives this long: the time to pick up the phone, get the captcha and type it. */
export const LINK_TTL_MS = 30 * 60_000;

/**
 * 生成身份认证链接: only while the bureau asks (409 otherwise). A fresh code (20 base62 characters ≈ 119 bits),
 * stored as its SHA-256 only, bound to the bureau's current demand; the tenant's older open links end here, so
 * one link is in circulation at a time. `userId` null: the demo seed.
 */
export async function createLink({
  ctx,
  input,
}: {
  ctx: Pick<AuthedCtx, 'db' | 'ip' | 'actor' | 'taxGatewayFor'>;
  input: { tenantId: number; userId: number | null };
}) {
  const status = await ctx.taxGatewayFor(ctx.db).identityStatus(input.tenantId);
  if (status.state !== 'required') throw businessError('IDENTITY_NOT_REQUIRED');
  const code = newShortCode(20);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
  await withTransaction(ctx, async (tx) => {
    await tx
      .update(invoicerIdentityLinks)
      .set({ expiresAt: now })
      .where(
        and(
          eq(invoicerIdentityLinks.tenantId, input.tenantId),
          gt(invoicerIdentityLinks.expiresAt, now),
          isNull(invoicerIdentityLinks.confirmedAt),
        ),
      );
    const [row] = await tx
      .insert(invoicerIdentityLinks)
      .values({
        tenantId: input.tenantId,
        userId: input.userId,
        codeHash: sha256(code),
        challengeId: status.challengeId,
        expiresAt,
      })
      .returning({ id: invoicerIdentityLinks.id });
    await emitAudit(tx, ctx, {
      tenantId: input.tenantId,
      resource: 'invoicer_identity_link',
      recordId: row.id,
      action: 'create',
      changes: { askedAt: status.askedAt.toISOString(), expiresAt: expiresAt.toISOString() },
    });
  });
  return { code, url: validateUrl(code), expiresAt: expiresAt.toISOString() };
}
