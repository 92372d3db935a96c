import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure, sidebarPaths } from './helpers.ts';

interface MenuNode {
  path: string | null;
  hidden: boolean;
  children: MenuNode[];
}
interface FrontInfo {
  elements: { code: string }[];
}

/** The entries the sidebar lists: hidden ones (安全设置, 基本信息) are served but not listed. */
function leafPaths(nodes: MenuNode[], into: string[] = []): string[] {
  for (const n of nodes) {
    if (n.hidden) continue;
    if (n.children.length) leafPaths(n.children, into);
    else if (n.path) into.push(n.path);
  }
  return into;
}

const GRANTED = [
  '/dashboard',
  '/orgManager/userManager',
  '/outputInvoiceManager/taxClassCode',
  '/outputInvoiceManager/goodsCode',
  '/outputInvoiceManager/goodsCompare',
  '/outputInvoiceManager/myCustomer',
];

/** antd puts a space between two CJK characters of a button label ("新 增"), hence the patterns. */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

describe('clerk permissions', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await login(s.page, 'clerk', 'Clerk@123');
  });
  afterEach(screenshotOnFailure(() => s?.page, 'clerk-permissions'));
  afterAll(async () => {
    await s?.close();
  });

  test('the sidebar shows only the granted menus', async () => {
    const paths = await sidebarPaths(s.page);
    // The seed grants the clerk's 普通用户 group the user list and the four invoicing-data pages (read-only).
    expect([...paths].sort()).toEqual([...GRANTED].sort());
    const menus = await apiGet<MenuNode[]>(s.page, '/api/admin/user/front/tenant/menus');
    // 首页 included: it is the served tree's first node, not added by the sidebar.
    expect([...paths].sort()).toEqual(leafPaths(menus).sort());
    expect(paths.filter((p) => p === '/dashboard')).toHaveLength(1);
    // Nothing the demo administrator has leaks in.
    for (const hidden of ['groupManager', 'departManager', 'positionManager', 'gateLogManager'])
      expect(paths.some((p) => p.endsWith(`/${hidden}`))).toBe(false);
    // And the clerk holds no user-manager element.
    const info = await apiGet<FrontInfo>(s.page, '/api/admin/user/front/info');
    expect(info.elements.filter((e) => e.code.startsWith('userManager:'))).toEqual([]);
  });

  test('the user manager lists users but offers no add, import, export, edit or delete', async () => {
    const { page } = s;
    await page.locator('.console-sidebar li.ant-menu-item[data-menu-id$="-/orgManager/userManager"]').click();
    await page.waitForURL((url) => url.pathname === '/orgManager/userManager');
    const rows = page.locator('.ant-table-tbody').first().locator('tr.ant-table-row');
    await rows.first().waitFor({ timeout: 30_000 });
    // The tenant's own users, the clerk among them.
    await page.locator('.ant-table-tbody').first().getByText('clerk', { exact: true }).waitFor();
    await page.locator('.ant-table-tbody').first().getByText('demo', { exact: true }).waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);

    // The search bar is there (listing needs no element) …
    await page.getByRole('button', { name: label('查询') }).waitFor();
    // … but none of the buttons that need one.
    for (const text of [
      '新增',
      '导入',
      '导出',
      '编辑',
      '删除',
      '停用',
      '启用',
      '重置密码',
      '分配用户组',
      '解锁',
    ])
      expect(await page.getByRole('button', { name: label(text) }).count(), text).toBe(0);
  });

  test('the read-only invoicing pages load without any action button', async () => {
    const { page } = s;
    const pages: [string, string[]][] = [
      ['/outputInvoiceManager/myCustomer', ['新增客户', '导入', '导出', '编辑', '删除']],
      ['/outputInvoiceManager/goodsCompare', ['新增对照', '批量删除', '编辑', '删除']],
      ['/outputInvoiceManager/taxClassCode', ['同步编码', '导入编码']],
    ];
    for (const [path, buttons] of pages) {
      await page.locator(`.console-sidebar li.ant-menu-item[data-menu-id$="-${path}"]`).click();
      await page.waitForURL((url) => url.pathname === path);
      if (path.endsWith('taxClassCode')) {
        // The tree's top level comes from a call the clerk may make.
        await page.locator('.ant-tree').getByText('1000000000000000000', { exact: true }).waitFor({
          timeout: 30_000,
        });
      } else {
        // The list answered: the seeded customers, or the empty state where the company has no rows yet.
        const answer = path.endsWith('myCustomer') ? 'tr.ant-table-row' : 'tr.ant-table-row, .ant-empty';
        await page.locator('.ant-table-tbody').first().locator(answer).first().waitFor({ timeout: 30_000 });
      }
      for (const text of buttons)
        expect(await page.getByRole('button', { name: label(text) }).count(), `${path} ${text}`).toBe(0);
    }
  });

  test('a page outside the grants ends on /404', async () => {
    // Spec §2: unknown paths and pages the user may not open both end on /404.
    await s.page.goto('/orgManager/groupManager');
    await s.page.waitForURL((url) => url.pathname === '/404');
  });

  test('the same page offers those buttons to demo, who holds the elements', async () => {
    // A control for the test above: the labels it looks for are the ones the page really renders.
    const { page } = s;
    await s.context.clearCookies();
    await login(page, 'demo', 'Demo@123');
    await page.goto('/orgManager/userManager');
    await page
      .locator('.ant-table-tbody')
      .first()
      .locator('tr.ant-table-row')
      .first()
      .waitFor({ timeout: 30_000 });
    for (const text of ['新增', '导入', '导出', '编辑', '删除', '重置密码', '分配用户组'])
      expect(await page.getByRole('button', { name: label(text) }).count(), text).toBeGreaterThan(0);
  });
});
