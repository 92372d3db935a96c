import type { Db } from '@fpy/db';
import { openAppGroups, openApps, openDevelopers, openLicenses, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { SecretBox } from '../../../lib/secret-box.ts';

/** The demo company (seed/demo-data.ts) the demo apps act for. */
export const DEMO_TAX_NO = '91310115MA1K4GDM05';

/**
 * Demo credentials (README): an enterprise-own app of the demo company and an ISV app it licensed. Known values
 * so the docs' try-it console, the tests and the bench can sign; a production installation disables or resets
 * them (the console's 重置密钥).
 */
export const DEMO_OPEN_APPS = {
  own: {
    appKey: 'ak_DemoErpApp0000000001',
    appSecret: 'DemoErpSecret000000000000000000000000001',
    name: '演示ERP对接',
    callbackUrl: 'https://erp.demo.example/fapiao/callback',
  },
  isv: {
    appKey: 'ak_DemoIsvApp0000000001',
    appSecret: 'DemoIsvSecret000000000000000000000000002',
    name: '云票通SaaS',
    callbackUrl: null,
  },
} as const;

const GROUPS = ['output-invoice', 'input-invoice', 'electronic-invoice'];

/**
 * Writes the demo apps once (skipped when the demo company is absent or the app keys exist; two instances
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
      .values(GROUPS.map((groupCode) => ({ appId: app.id, groupCode })))
      .onConflictDoNothing();
    if (kind === 'isv')
      await db
        .insert(openLicenses)
        .values({
          appId: app.id,
          tenantId: demo.id,
          scopes: GROUPS,
          expiresAt: new Date(Date.now() + 365 * 86_400_000),
          state: 'active',
        })
        .onConflictDoNothing();
  }
}
