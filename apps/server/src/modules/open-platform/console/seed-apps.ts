import type { Db } from '@fpy/db';
import { openAppGroups, openApps, openDevelopers, openLicenses, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { DEMO_OPEN_APPS, DEMO_OPEN_GROUPS, DEMO_TAX_NO } from '../gateway/index.ts';

/**
 * Writes the demo apps (credentials: the gateway's DEMO_OPEN_APPS) once — here, since this module is the one
 * writer of apps, developers, app groups and licences — (skipped when the demo company is absent or the app keys exist; two instances
 * starting together insert each app once through the app_key unique index). Secrets are sealed with this
 * installation's key.
 */
export async function seedOpenPlatformDemo(db: Db, box: SecretBox) {
  const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.creditCode, DEMO_TAX_NO));
  if (!demo) return;
  for (const kind of ['own', 'isv'] as const) {
    const d = DEMO_OPEN_APPS[kind];
    const [app] = await db
      .insert(openApps)
      .values({
        developerId: 0,
        name: d.name,
        appKey: d.appKey,
        secretCipher: box.seal(d.appSecret),
        secretHint: d.appSecret.slice(-4),
        ipWhitelist: [],
        callbackUrl: d.callbackUrl,
        webhookEvents: d.callbackUrl ? ['invoice.issued', 'invoice.failed', 'invoice.red_lettered'] : [],
        tenantId: kind === 'own' ? demo.id : null,
        remark: '演示应用 (demo app)',
      })
      .onConflictDoNothing({ target: openApps.appKey })
      .returning({ id: openApps.id });
    if (!app) continue;
    const [dev] = await db
      .insert(openDevelopers)
      .values(
        kind === 'own'
          ? {
              name: '演示科技有限公司（自建应用）',
              kind: 'enterprise',
              tenantId: demo.id,
              contact: '演示管理员',
              phone: '13900000001',
              email: 'demo@fapiaoyun.example',
            }
          : {
              name: '云票通软件服务有限公司',
              kind: 'isv',
              tenantId: null,
              contact: '李工',
              phone: '13900000088',
              email: 'dev@yunpiaotong.example',
            },
      )
      .returning({ id: openDevelopers.id });
    await db.update(openApps).set({ developerId: dev.id }).where(eq(openApps.id, app.id));
    await db
      .insert(openAppGroups)
      .values(DEMO_OPEN_GROUPS.map((groupCode) => ({ appId: app.id, groupCode })))
      .onConflictDoNothing();
    if (kind === 'isv')
      await db
        .insert(openLicenses)
        .values({
          appId: app.id,
          tenantId: demo.id,
          scopes: DEMO_OPEN_GROUPS,
          expiresAt: new Date(Date.now() + 365 * 86_400_000),
          state: 'active',
        })
        .onConflictDoNothing();
  }
}
