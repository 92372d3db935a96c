import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, apiToken, launch, login, type Session, sidebarPaths, submitLogin } from './helpers.ts';

interface MenuNode {
  code: string;
  title: string;
  path: string | null;
  hidden: boolean;
  children: MenuNode[];
}

function titlesByPath(nodes: MenuNode[], into = new Map<string, string>()): Map<string, string> {
  for (const n of nodes) {
    if (n.path) into.set(n.path, n.title);
    titlesByPath(n.children, into);
  }
  return into;
}

describe('console session', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterAll(async () => {
    await s?.close();
  });

  test('a wrong password shows the lockout warning and stays on /login', async () => {
    await submitLogin(s.page, 'demo', 'definitely-wrong-1');
    await s.page.getByText('账户或密码错误，连续输错5次后账户将被锁定').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/login');
  });

  test('demo logs in and the sidebar is built from the server menus', async () => {
    await login(s.page, 'demo', 'Demo@123');
    const menus = await apiGet<MenuNode[]>(s.page, '/api/admin/user/front/tenant/menus');
    const titles = titlesByPath(menus);
    const paths = await sidebarPaths(s.page);
    // Every entry, 首页 included, is a node of the served tree.
    const fromServer = paths;
    expect(fromServer.length).toBeGreaterThan(0);
    for (const path of fromServer) {
      expect(titles.has(path), `${path} comes from the server tree`).toBe(true);
      const item = s.page.locator(`.console-sidebar li.ant-menu-item[data-menu-id$="-${path}"]`);
      await expect(item.textContent()).resolves.toContain(titles.get(path));
    }
    // Group headings are the server's top-level titles.
    const groupTitles = await s.page.locator('.console-sidebar .ant-menu-submenu-title').allTextContents();
    for (const t of groupTitles) expect(menus.map((m) => m.title)).toContain(t.trim());
    await expect(s.page.locator('.navbar-username').textContent()).resolves.toBe('demo');
  });

  test('the session token is an HttpOnly, SameSite=Strict cookie that no script can read', async () => {
    const cookies = await s.context.cookies();
    const session = cookies.find((c) => c.name === 'Authorization');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const readable = await s.page.evaluate(
      () => (globalThis as unknown as { document: { cookie: string } }).document.cookie,
    );
    expect(readable).not.toContain('Authorization');
    expect(readable).not.toContain(session?.value ?? 'no session');
  });

  test('a token in the address never replaces the session silently: the user is asked first', async () => {
    const agentToken = await apiToken('agent', 'Agent@123');
    const dialog = s.page.locator('.ant-modal-confirm');

    // Declined: demo stays, and the token is gone from the address at once.
    await s.page.goto(`/cloudConsole?token=${encodeURIComponent(agentToken)}`);
    await dialog.getByText('此链接将以账号 agent 登录').waitFor();
    expect(s.page.url()).not.toContain(agentToken);
    await dialog.getByRole('button', { name: '保持当前账号' }).click();
    await s.page.locator('.console-sidebar .ant-menu').waitFor();
    await expect(s.page.locator('.navbar-username').textContent()).resolves.toBe('demo');

    // Accepted: the console now runs as agent.
    await s.page.goto(`/cloudConsole?token=${encodeURIComponent(agentToken)}`);
    await dialog.getByRole('button', { name: '切换账号' }).click();
    await s.page.locator('.console-sidebar .ant-menu').waitFor();
    await expect(s.page.locator('.navbar-username').textContent()).resolves.toBe('agent');
    expect(s.page.url()).not.toContain(agentToken);
  });

  test('logout returns to /login and the console is closed again', async () => {
    await s.page.locator('.avatar-menu').click();
    await s.page.getByRole('menuitem', { name: '退出' }).click();
    await s.page.waitForURL((url) => url.pathname === '/login');
    await s.page.goto('/dashboard');
    await s.page.waitForURL((url) => url.pathname === '/login');
    const cookies = await s.context.cookies();
    expect(cookies.find((c) => c.name === 'Authorization')).toBeUndefined();
  });
});
