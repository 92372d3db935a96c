import {
  type Db,
  oauthClients,
  openApps,
  openAuthCodes,
  openDeviceBindings,
  openRateLimits,
  tenants,
  users,
} from '@fpy/db';
import { asc, eq, isNull } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { sha256 } from '../../../lib/hash.ts';
import { randomBase62 } from '../../../lib/secret-box.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);

/**
 * Demo rows of the open platform's console pages on a fresh start, each part skipped when its table already has
 * rows (so it runs once). The developers, apps, groups and the licence are the gateway's demo (its seed, with
 * known credentials); this adds limits, an OAuth client, authorisation codes and device bindings. Written as
 * the platform administrator, audited.
 */
export async function seedOpenConsoleDemo(db: Db, opts: { admin: string; company: string }) {
  const [admin] = await db.select().from(users).where(eq(users.username, opts.admin));
  const [demoUser] = await db.select().from(users).where(eq(users.username, opts.company));
  if (!admin || !demoUser?.tenantId) return;
  const tenantId = demoUser.tenantId;
  const others = await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
  const other = others.find((t) => t.id !== tenantId)?.id ?? tenantId;
  const ctx = { db, actor: { userId: admin.id, name: admin.name }, ip: null } as unknown as AuthedCtx;

  await withTransaction(ctx, async (tx) => {
    const audit = (resource: string, recordId: number, changes: object, t: number | null = null) =>
      emitAudit(tx, ctx, { tenantId: t, resource, recordId, action: 'create', changes });

    const [hasLimit] = await tx.select({ id: openRateLimits.id }).from(openRateLimits).limit(1);
    if (!hasLimit) {
      // The ISV app of the gateway's demo (seeded just before, on ready): its own per-app limit.
      const [isv] = await tx
        .select({ id: openApps.id })
        .from(openApps)
        .where(isNull(openApps.tenantId))
        .orderBy(asc(openApps.id))
        .limit(1);
      const limits = await tx
        .insert(openRateLimits)
        .values(
          [
            ...(isv
              ? [{ scope: 'app', appId: isv.id, points: 50, windowSeconds: 1, remark: '服务商应用每秒50次' }]
              : []),
            {
              scope: 'enterprise',
              tenantId,
              points: 3000,
              windowSeconds: 60,
              remark: '演示企业每分钟3000次',
            },
            {
              scope: 'api',
              operation: 'invoice.issue',
              points: 20,
              windowSeconds: 1,
              remark: '开票接口每秒20次',
            },
            {
              scope: 'app',
              points: 100,
              windowSeconds: 1,
              state: 'disabled',
              remark: '默认每应用每秒100次（停用）',
            },
          ].map((l) => ({ ...l, createdBy: admin.id })),
        )
        .returning();
      for (const l of limits) await audit('openRateLimits', l.id, { scope: l.scope, points: l.points });
    }

    const [hasCode] = await tx.select({ id: openAuthCodes.id }).from(openAuthCodes).limit(1);
    if (!hasCode) {
      const [ownApp] = await tx.select().from(openApps).where(eq(openApps.tenantId, tenantId)).limit(1);
      const codes = await tx
        .insert(openAuthCodes)
        .values([
          {
            code: `AC${randomBase62(18)}`,
            tenantId,
            appId: ownApp?.id ?? null,
            product: 'output-invoice',
            expiresAt: later(180),
            maxUses: 5,
            uses: 2,
            remark: '演示企业开票客户端',
            createdBy: admin.id,
          },
          {
            code: `AC${randomBase62(18)}`,
            product: 'device-center',
            expiresAt: later(30),
            maxUses: 1,
            remark: '待发放',
            createdBy: admin.id,
          },
          {
            code: `AC${randomBase62(18)}`,
            tenantId: other,
            product: 'input-invoice',
            expiresAt: later(-10),
            maxUses: 1,
            uses: 1,
            remark: '已过期示例',
            createdBy: admin.id,
          },
        ])
        .returning();
      for (const c of codes) await audit('openAuthCodes', c.id, { product: c.product, tenantId: c.tenantId });
    }

    const [hasDevice] = await tx.select({ id: openDeviceBindings.id }).from(openDeviceBindings).limit(1);
    if (!hasDevice) {
      const devices = await tx
        .insert(openDeviceBindings)
        .values([
          {
            tenantId,
            deviceSerial: 'UK661234567890',
            deviceType: 'tax-ukey',
            deviceName: '财务部税务UKey',
            clientId: 'webApp',
          },
          { tenantId, deviceSerial: 'PRN-2024-0088', deviceType: 'printer', deviceName: '前台发票打印机' },
          {
            tenantId: other,
            deviceSerial: 'POS-A1-7781',
            deviceType: 'pos',
            deviceName: '门店收银机',
            state: 'unbound',
            boundAt: later(-60),
            unboundAt: later(-5),
          },
        ])
        .returning();
      for (const d of devices)
        await audit('openDeviceBindings', d.id, { deviceSerial: d.deviceSerial }, d.tenantId);
    }

    const [hasClient] = await tx
      .select({ id: oauthClients.id })
      .from(oauthClients)
      .where(eq(oauthClients.clientId, 'erpConnector'));
    if (!hasClient) {
      const [c] = await tx
        .insert(oauthClients)
        .values({
          clientId: 'erpConnector',
          name: 'ERP 连接器',
          secretHash: sha256(randomBase62(32)),
          grantTypes: 'client_credentials,refresh_token',
          scopes: 'invoice:read,invoice:write',
          redirectUris: 'https://erp.example.com/oauth/callback',
          accessTokenTtl: 7200,
          remark: '演示：ERP 系统以客户端凭证调用',
        })
        .returning();
      await audit('oauthClients', c.id, { clientId: c.clientId });
    }
  });
}
