import type { Db } from '@fpy/db';
import {
  dictItems,
  dictTypes,
  groupMembers,
  groupMenus,
  groups,
  menus,
  oauthClients,
  systemSettings,
  tenants,
  users,
} from '@fpy/db';
import { InvoiceMethod, SuperAdmin, TenantType } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import { hashPassword, sha256 } from '../lib/hash.ts';
import type { FileStore } from '../lib/file-store.ts';
import { BRAND_LOGO_URL, ensureBrandLogo } from './brand-logo.ts';
import { createDefaultGroups, groupTypeId } from '../modules/platform/org/index.ts';
import { dictionarySeed } from './dictionaries.ts';
import { seedOrgDemo } from './org-demo.ts';
import { seedWalletDemo } from '../modules/self-service/wallets/index.ts';
import { seedBoardDemo } from '../modules/self-service/code-boards/index.ts';
import { seedAgentDemo } from '../modules/self-service/agent-entry/index.ts';
import { seedOrderDemo } from '../modules/self-service/scan-orders/index.ts';
import { seedTitlesDemo } from './titles-demo.ts';
import { seedBillingDemo } from './billing-demo.ts';
import { seedInvoiceDemo, wantsDemoInvoices } from './invoice-demo.ts';
import { seedPurchaseDemo } from './purchase-demo.ts';
import { seedCheckDemo } from './check-demo.ts';
import { seedCodeRulesDemo } from './code-rules-demo.ts';
import { seedPreopenDemo } from './preopen-demo.ts';
import { seedIdentityDemo } from './identity-demo.ts';
import { withTransaction } from '../lib/write/index.ts';

const SEED_KEY = 'seed.demo';

/** Demo accounts listed in the README. */
export const DEMO_USERS = {
  admin: 'Admin@123',
  demo: 'Demo@123',
  clerk: 'Clerk@123',
  brand: 'Brand@123',
  agent: 'Agent@123',
} as const;

/**
 * Runs once per database (a marker row guards it): restarting never duplicates rows or resets a password
 * a user has changed. The OAuth client and the demo logo file are ensured on every start.
 */
export async function seedDemoData(db: Db, uploads: FileStore) {
  await ensureOauthClient(db);
  await ensureBrandLogo(db, uploads);
  const [marker] = await db.select().from(systemSettings).where(eq(systemSettings.key, SEED_KEY));
  if (marker) return false;

  await withTransaction({ db }, async (t) => {
    const platformType = await groupTypeId(t, 'platform');
    await groupTypeId(t, 'tenant');
    await t.insert(users).values({
      username: 'admin',
      passwordHash: await hashPassword(DEMO_USERS.admin),
      passwordState: 'ok',
      passwordChangedAt: new Date(),
      name: '平台管理员',
      isSuperAdmin: SuperAdmin.Platform,
      isInsideUser: 1,
      tenantId: null,
      phone: '13800000000',
      email: 'admin@fapiaoyun.example',
    });
    await t.insert(groups).values({
      tenantId: null,
      groupTypeId: platformType,
      code: 'platform-ops',
      name: '平台运营',
      description: '平台运营人员',
    });

    const demo = await company(
      t,
      {
        name: '演示科技有限公司',
        creditCode: '91310115MA1K4GDM05',
        tenantCode: 'T0001',
        tenantType: TenantType.Enterprise,
        invoiceMethod: InvoiceMethod.Direct,
        address: '上海市浦东新区张江路88号',
        phone: '021-58880000',
        bank: '招商银行上海张江支行',
        account: '121909876510001',
      },
      {
        username: 'demo',
        password: DEMO_USERS.demo,
        name: '演示管理员',
        phone: '13900000001',
        email: 'demo@fapiaoyun.example',
      },
    );
    const clerk = await addUser(t, demo.tenantId, {
      username: 'clerk',
      password: DEMO_USERS.clerk,
      name: '开票员小李',
      phone: '13900000002',
      email: 'clerk@fapiaoyun.example',
      isSuperAdmin: SuperAdmin.None,
    });
    // The clerk may only look at the user list.
    await t.insert(groupMembers).values({ groupId: demo.staffGroupId, userId: clerk });
    const userMenu = await t.select({ id: menus.id }).from(menus).where(eq(menus.code, 'userManager'));
    if (userMenu.length)
      await t.insert(groupMenus).values({ groupId: demo.staffGroupId, menuId: userMenu[0].id });
    await seedOrgDemo(t, demo.tenantId, clerk);
    await seedBillingDemo(t, demo.tenantId, demo.staffGroupId);
    await seedTitlesDemo(t, demo.tenantId);

    await company(
      t,
      {
        name: '品牌定制集团有限公司',
        creditCode: '91440300MA5FPX7Q2H',
        tenantCode: 'T0002',
        tenantType: TenantType.Customised,
        invoiceMethod: InvoiceMethod.PreIssue,
        address: '深圳市南山区科技园南区',
        phone: '0755-86000000',
        bank: '中国银行深圳科技园支行',
        account: '7458800000000001',
        logoUrl: BRAND_LOGO_URL,
      },
      {
        username: 'brand',
        password: DEMO_USERS.brand,
        name: '品牌管理员',
        phone: '13900000003',
        email: 'brand@fapiaoyun.example',
      },
    );
    await company(
      t,
      {
        name: '北京代账服务有限公司',
        creditCode: '91110108MA01R2YK6D',
        tenantCode: 'T0003',
        tenantType: TenantType.Agent,
        invoiceMethod: InvoiceMethod.Direct,
        address: '北京市海淀区中关村大街1号',
        phone: '010-62000000',
        bank: '工商银行北京中关村支行',
        account: '0200001234567890123',
      },
      {
        username: 'agent',
        password: DEMO_USERS.agent,
        name: '代理商管理员',
        phone: '13900000004',
        email: 'agent@fapiaoyun.example',
      },
    );

    for (const d of dictionarySeed) {
      const [type] = await t
        .insert(dictTypes)
        .values({ code: d.code, name: d.name, description: d.description })
        .returning({ id: dictTypes.id });
      await t.insert(dictItems).values(
        d.items.map(([value, labelZh, labelEn], i) => ({
          typeId: type.id,
          value,
          labelZh,
          labelEn,
          sortOrder: i,
        })),
      );
    }
    await t.insert(systemSettings).values({ key: SEED_KEY, value: { at: new Date().toISOString() } });
  });
  if (wantsDemoInvoices()) {
    await seedInvoiceDemo(db, 'demo');
    await seedPreopenDemo(db);
    await seedWalletDemo(db, 'demo');
    await seedBoardDemo(db, 'demo');
    await seedAgentDemo(db, 'admin');
    await seedOrderDemo(db, 'demo');
    await seedPurchaseDemo(db);
    await seedCheckDemo(db);
    await seedCodeRulesDemo(db);
    await seedIdentityDemo(db);
  }
  return true;
}

async function ensureOauthClient(db: Db) {
  await db
    .insert(oauthClients)
    .values({
      clientId: 'webApp',
      secretHash: sha256('webApp'),
      name: '发票云控制台',
      grantTypes: 'password',
    })
    .onConflictDoNothing();
}

type CompanyInput = typeof tenants.$inferInsert;

async function company(
  db: Db,
  t: CompanyInput,
  admin: { username: string; password: string; name: string; phone: string; email: string },
) {
  const [row] = await db.insert(tenants).values(t).returning({ id: tenants.id });
  const adminId = await addUser(db, row.id, { ...admin, isSuperAdmin: SuperAdmin.TenantAdmin });
  const g = await createDefaultGroups(db, row.id, adminId);
  return { tenantId: row.id, adminId, ...g };
}

async function addUser(
  db: Db,
  tenantId: number,
  u: { username: string; password: string; name: string; phone: string; email: string; isSuperAdmin: number },
) {
  const [row] = await db
    .insert(users)
    .values({
      tenantId,
      username: u.username,
      passwordHash: await hashPassword(u.password),
      passwordState: 'ok',
      passwordChangedAt: new Date(),
      name: u.name,
      phone: u.phone,
      email: u.email,
      isSuperAdmin: u.isSuperAdmin,
    })
    .returning({ id: users.id });
  return row.id;
}
