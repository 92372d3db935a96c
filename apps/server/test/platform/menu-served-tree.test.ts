import { companyOnlyCodes, type MenuNode } from '@fpy/contracts';
import { describe, expect, it } from 'vitest';
import { registerDashboardCard } from '../../src/modules/platform/base/dashboard/registry.ts';
import { api } from './base-helpers.ts';
import { useTestApp } from '../harness.ts';

/**
 * Issue 28 §6 and §11: the tree each demo account is served. The layout pages of spec §2.11 are nodes of every
 * tree by their rules (首页 listed, the others hidden), and an account of no company is never served a page
 * that works only on a company's own data (开票平台设置 answered it 400 TENANT_REQUIRED).
 */
const app = useTestApp();
const ACCOUNTS = {
  admin: 'Admin@123',
  demo: 'Demo@123',
  clerk: 'Clerk@123',
  brand: 'Brand@123',
  agent: 'Agent@123',
} as const;
type Account = keyof typeof ACCOUNTS;

const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

async function servedTree(user: Account) {
  const token = await app().login(user, ACCOUNTS[user]);
  const menus: MenuNode[] = (await api(app(), token, 'GET', '/api/admin/user/front/tenant/menus')).json();
  const info = (await api(app(), token, 'GET', '/api/admin/user/front/info')).json();
  return { token, menus, info };
}

const LAYOUT = ['dashboard', 'personalInformation', 'companyCenter', 'individuation'];
/** Spec §2.11: basic information except for isSuperAdmin 2/3, personalisation only for tenantType 5. */
const EXPECTED_LAYOUT: Record<Account, string[]> = {
  admin: ['dashboard', 'personalInformation'],
  demo: ['dashboard', 'personalInformation', 'companyCenter'],
  clerk: ['dashboard', 'personalInformation', 'companyCenter'],
  brand: ['dashboard', 'personalInformation', 'companyCenter', 'individuation'],
  agent: ['dashboard', 'personalInformation', 'companyCenter'],
};

describe('the served menu tree', () => {
  it.each(Object.keys(ACCOUNTS) as Account[])(
    'serves %s the layout pages by the spec’s rules',
    async (user) => {
      const { menus, info } = await servedTree(user);
      const layout = menus.filter((n) => LAYOUT.includes(n.code));
      expect(layout.map((n) => n.code)).toEqual(EXPECTED_LAYOUT[user]);
      // First in the tree, each at /{code}; only 首页 is listed in the sidebar.
      expect(menus.slice(0, layout.length)).toEqual(layout);
      for (const n of layout) {
        expect(n).toMatchObject({ path: `/${n.code}`, hidden: n.code !== 'dashboard', children: [] });
      }
      expect(layout[0]).toMatchObject({ title: '首页', titleEn: 'Dashboard' });
      // Front info carries the same tree: the console routes by it, the sidebar lists it.
      expect(info.menus).toEqual(menus);
    },
  );

  it('lists 勾选确认 both as the layout page and as the child /receiptsInvoice/receiptsOperation (spec §2.12)', async () => {
    const paths = async (user: Account) =>
      flat((await servedTree(user)).menus)
        .filter((n) => n.code === 'receiptsOperation')
        .map((n) => n.path);
    // demo holds 发票勾选 and 统计确认; the clerk holds neither, and a platform account has no periods.
    expect(await paths('demo')).toEqual(['/receiptsOperation', '/receiptsInvoice/receiptsOperation']);
    expect(await paths('clerk')).toEqual([]);
    expect(await paths('admin')).toEqual([]);
    const group = (await servedTree('demo')).menus.find((n) => n.code === 'receiptsInvoice');
    expect(group?.children.at(-1)).toMatchObject({ title: '勾选确认', hidden: false, children: [] });
  });

  it('serves hidden stored menus flagged, so their pages stay reachable', async () => {
    const { menus } = await servedTree('demo');
    expect(
      flat(menus)
        .filter((n) => n.hidden)
        .map((n) => n.code),
    ).toEqual(expect.arrayContaining(['personalInformation', 'companyCenter']));
  });

  it('keeps the layout pages’ codes: no stored menu may take one', async () => {
    const admin = await app().login('admin', ACCOUNTS.admin);
    const res = await api(app(), admin, 'POST', '/api/admin/menu', {
      code: 'dashboard',
      titleZh: '仪表盘',
      titleEn: 'Board',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MENU_CODE_TAKEN' });
  });

  it('serves company-only menus to company accounts only', async () => {
    const companyOnly = companyOnlyCodes();
    expect([...companyOnly]).toEqual(
      expect.arrayContaining(['invoicePlat', 'companyinfo', 'template', 'sms']),
    );
    const admin = flat((await servedTree('admin')).menus).map((n) => n.code);
    expect(admin.filter((c) => companyOnly.has(c))).toEqual([]);
    // The platform still has its own groups.
    expect(admin).toEqual(expect.arrayContaining(['baseManager', 'tenantManager', 'smsFacilitatorManage']));
    for (const user of ['demo', 'brand'] as const) {
      const codes = flat((await servedTree(user)).menus).map((n) => n.code);
      expect(codes).toEqual(expect.arrayContaining(['invoicePlat', 'companyinfo', 'template']));
    }
  });
});

describe('dashboard panels follow the permission of their data (issue 28 §5)', () => {
  it('registers no card without the catalogue code of its data', () => {
    const card = { id: 'test-card', area: 'platform', audience: 'tenant' as const, load: async () => null };
    expect(() => registerDashboardCard({ ...card, permission: [] })).toThrow(/catalogue codes/);
    expect(() => registerDashboardCard({ ...card, permission: 'noSuchMenu' })).toThrow(/noSuchMenu/);
  });

  it('refuses the gate-log panel to the clerk, who may not read the gate log, and serves it to admins', async () => {
    const clerk = await app().login('clerk', ACCOUNTS.clerk);
    expect((await api(app(), clerk, 'GET', '/api/admin/r/gateLogs')).statusCode).toBe(403);
    const panel = await api(app(), clerk, 'GET', '/api/admin/dashboard');
    expect(panel.statusCode).toBe(403);
    expect(panel.body).not.toContain('/api/');
    const cards = (await api(app(), clerk, 'GET', '/api/admin/dashboard/cards')).json();
    expect(JSON.stringify(cards)).not.toMatch(/gateLog|requestsToday|\/api\//);

    for (const [user, password] of [
      ['demo', ACCOUNTS.demo],
      ['admin', ACCOUNTS.admin],
    ] as const) {
      const token = await app().login(user, password);
      const res = await api(app(), token, 'GET', '/api/admin/dashboard');
      expect(res.statusCode, user).toBe(200);
      expect(res.json().recentActivity.length, user).toBeGreaterThan(0);
    }
  });
});
