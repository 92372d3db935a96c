import { PREOPEN_CODE_RE } from '@fpy/contracts';
import { preopenPhoneBindCodes, preopenPhoneDevices, tenants, users } from '@fpy/db';
import { RecordStatus } from '@fpy/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Ctx } from '../../../../http/context.ts';
import { notFound } from '../../../../lib/errors.ts';
import { newToken, sha256 } from '../../../../lib/hash.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { loadCodes } from '../../../../plugins/auth.ts';
import { AUDIT, miss, refuseBlocked, spend } from '../device.ts';

/** A bound phone works this long; then the invoicer scans a new binding QR. */
export const DEVICE_TTL_MS = 30 * 24 * 3600_000;

/**
 * The phone scans the binding QR and confirms: the code is spent in the statement that finds it (used_at set
 * only where still unused and unexpired), so two phones racing on one code get one device; the device token
 * (256 bits) is answered once and stored as its SHA-256 only. Unknown, spent, expired and malformed codes, and
 * codes of a user who no longer may review, answer alike (404) and cost a miss.
 */
export async function bindPhone({ ctx, input }: { ctx: Ctx; input: { code: string; label?: string } }) {
  await refuseBlocked(ctx);
  const invalid = () => notFound('PREOPEN_BIND_CODE_INVALID');
  const hash = sha256(PREOPEN_CODE_RE.test(input.code) ? input.code : '');
  await spend(ctx, 'preopen-phone-bind-code', hash);
  const token = newToken();
  const bound = await withTransaction(ctx, async (tx) => {
    const [spent] = await tx
      .update(preopenPhoneBindCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(preopenPhoneBindCodes.codeHash, hash),
          isNull(preopenPhoneBindCodes.usedAt),
          gt(preopenPhoneBindCodes.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!spent) return null;
    const [row] = await tx
      .select({ user: users, tenantName: tenants.name, tenantStatus: tenants.status })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.id, spent.userId));
    if (
      !row ||
      row.user.status !== RecordStatus.Active ||
      row.tenantStatus !== RecordStatus.Active ||
      row.user.tenantId !== spent.tenantId ||
      !(await loadCodes(tx, row.user.id, row.user.isSuperAdmin)).has(AUDIT)
    )
      return null;
    const expiresAt = new Date(Date.now() + DEVICE_TTL_MS);
    const [device] = await tx
      .insert(preopenPhoneDevices)
      .values({
        tenantId: spent.tenantId,
        userId: spent.userId,
        tokenHash: sha256(token),
        label: input.label?.trim() || ctx.userAgent.slice(0, 60) || null,
        ip: ctx.ip,
        expiresAt,
      })
      .returning();
    await emitAudit(
      tx,
      { actor: { userId: row.user.id, name: row.user.name }, ip: ctx.ip },
      {
        tenantId: spent.tenantId,
        resource: 'preopen_phone_device',
        recordId: device.id,
        action: 'bind',
        changes: { bindCodeId: spent.id, label: device.label, expiresAt: expiresAt.toISOString() },
      },
    );
    return { userName: row.user.name, tenantName: row.tenantName, expiresAt };
  });
  if (!bound) return miss(ctx, invalid());
  return { device: token, ...bound, expiresAt: bound.expiresAt.toISOString() };
}
