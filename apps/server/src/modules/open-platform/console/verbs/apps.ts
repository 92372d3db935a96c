import { OPEN_GROUPS, type openAppGroups as groupsBody, type openAppInput } from '@fpy/contracts';
import { openAppGroups, openApps } from '@fpy/db';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest, notFound } from '../../../../lib/errors.ts';
import { newAppCredentials, SecretBox } from '../../../../lib/secret-box.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { developerOf, vetCallback } from '../checks.ts';
import { revokeAppTokens } from '../../gateway/index.ts';

const RESOURCE = 'openApps';
const boxOf = (ctx: AuthedCtx) => new SecretBox(ctx.config.OPEN_SECRET_KEY);

/**
 * 新建应用: the appKey and secret are the server's (CSPRNG); the secret is sealed with AES-256-GCM (the gateway
 * needs it back to check HMAC signatures), its last 4 characters kept to tell secrets apart, and answered
 * this once — no route ever reads it again. An enterprise developer's app belongs to its company. The audit row
 * holds what the form said and the appKey, never the secret.
 */
export async function createApp(ctx: AuthedCtx, body: z.infer<typeof openAppInput>) {
  const dev = await developerOf(ctx.db, body.developerId);
  if (dev.state !== 'enabled')
    throw badRequest('OPEN_DEVELOPER_DISABLED', { name: dev.name }, { field: 'developerId' });
  await vetCallback(ctx, body.callbackUrl);
  const { appKey, appSecret } = newAppCredentials();
  return withTransaction(ctx, async (tx, txCtx) => {
    const [row] = await tx
      .insert(openApps)
      .values({
        ...body,
        appKey,
        secretCipher: boxOf(ctx).seal(appSecret),
        secretHint: appSecret.slice(-4),
        tenantId: dev.tenantId,
        createdBy: ctx.actor.userId,
      })
      .returning({ id: openApps.id });
    await emitAudit(tx, txCtx, {
      tenantId: dev.tenantId,
      resource: RESOURCE,
      recordId: row.id,
      action: 'create',
      changes: { ...body, appKey },
    });
    return { id: row.id, key: appKey, secret: appSecret };
  });
}

/**
 * 重置密钥: a new secret, shown once; the old one stops working at once, and the client-credentials tokens the
 * app holds are revoked with it (they were obtained with the old secret). Row held FOR UPDATE: two resets at
 * once end with one secret, the last.
 */
export async function resetAppSecret(ctx: AuthedCtx, id: number) {
  const { appSecret } = newAppCredentials();
  return withTransaction(ctx, async (tx, txCtx) => {
    const [app] = await tx.select().from(openApps).where(eq(openApps.id, id)).for('update');
    if (!app) throw notFound();
    await tx
      .update(openApps)
      .set({
        secretCipher: boxOf(ctx).seal(appSecret),
        secretHint: appSecret.slice(-4),
        secretRotatedAt: new Date(),
      })
      .where(eq(openApps.id, id));
    await revokeAppTokens(tx, id);
    await emitAudit(tx, txCtx, {
      tenantId: app.tenantId,
      resource: RESOURCE,
      recordId: id,
      action: 'resetSecret',
      changes: { secretHint: appSecret.slice(-4) },
    });
    return { id, key: app.appKey, secret: appSecret };
  });
}

export async function appGroups(ctx: AuthedCtx, id: number) {
  const [app] = await ctx.db.select({ id: openApps.id }).from(openApps).where(eq(openApps.id, id));
  if (!app) throw notFound();
  const rows = await ctx.db
    .select({ code: openAppGroups.groupCode })
    .from(openAppGroups)
    .where(eq(openAppGroups.appId, id))
    .orderBy(asc(openAppGroups.groupCode));
  return {
    groups: rows
      .map((r) => r.code)
      .filter((c): c is (typeof OPEN_GROUPS)[number] => (OPEN_GROUPS as readonly string[]).includes(c)),
  };
}

/** 授权接口分组: the app's groups replaced as a whole, in one transaction with its audit row. */
export async function setAppGroups(ctx: AuthedCtx, id: number, body: z.infer<typeof groupsBody>) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const [app] = await tx.select().from(openApps).where(eq(openApps.id, id)).for('update');
    if (!app) throw notFound();
    await tx.delete(openAppGroups).where(eq(openAppGroups.appId, id));
    if (body.groups.length)
      await tx.insert(openAppGroups).values(body.groups.map((groupCode) => ({ appId: id, groupCode })));
    await emitAudit(tx, txCtx, {
      tenantId: app.tenantId,
      resource: RESOURCE,
      recordId: id,
      action: 'grantGroups',
      changes: { groups: body.groups },
    });
    return { groups: [...body.groups].sort() };
  });
}
