import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session, sidebarPaths } from './helpers.ts';

const MAX_TAGS = 10;
const OPENED = 11;

describe('tags view', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterAll(async () => {
    await s?.close();
  });

  test('opening 11 distinct pages leaves the 10 newest tags', async () => {
    const { page } = s;
    // The demo company's administrator holds more than 11 real pages; no placeholder tabs are needed.
    await login(page, 'demo', 'Demo@123');
    const sidebar = (await sidebarPaths(page)).filter((p) => p !== '/dashboard');
    // Login lands on the dashboard; the two avatar-menu pages come next, then the sidebar's pages.
    const opened = [...new Set(['/dashboard', '/personalInformation', '/companyCenter', ...sidebar])].slice(
      0,
      OPENED,
    );
    expect(opened, 'demo has at least 11 distinct pages').toHaveLength(OPENED);

    const tags = () =>
      page.locator('.tags-view-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    for (const [i, path] of opened.entries()) {
      const item = page.locator(`.console-sidebar li.ant-menu-item[data-menu-id$="-${path}"]`);
      if ((await item.count()) > 0) {
        await item.click();
      } else {
        // Pages outside the sidebar open from the avatar dropdown, as a user would.
        await page.locator('.avatar-menu').click();
        await page.locator(`.ant-dropdown:visible li[data-menu-id$="-${path}"]`).click();
      }
      await page.waitForURL((url) => url.pathname === path);
      await page.locator(`.tags-view-item[data-path="${path}"]`).waitFor();
      // Up to ten, every visited page keeps its tab.
      if (i < MAX_TAGS) expect(await tags()).toEqual(opened.slice(0, i + 1));
    }

    // The eleventh pushed out the first (the dashboard); the other ten remain in visiting order.
    expect(await tags()).toEqual(opened.slice(OPENED - MAX_TAGS));
    expect(await tags()).not.toContain(opened[0]);
  });

  test('closing the current tab goes to the last remaining one; close all goes home', async () => {
    const before = await s.page
      .locator('.tags-view-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    const current = new URL(s.page.url()).pathname;
    await s.page.locator(`.tags-view-item[data-path="${current}"] .ant-tag-close-icon`).click();
    const remaining = before.filter((p) => p !== current);
    await s.page.waitForURL((url) => url.pathname === remaining[remaining.length - 1]);

    await s.page.locator('.tags-view-item').first().click({ button: 'right' });
    await s.page.getByRole('menuitem', { name: '关闭所有' }).click();
    // '/' with a session lands on the dashboard, which opens its own tag again.
    await s.page.waitForURL((url) => url.pathname === '/dashboard');
    await s.page.locator('.tags-view-item[data-path="/dashboard"]').waitFor();
    const after = await s.page
      .locator('.tags-view-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    expect(after).toEqual(['/dashboard']);
  });
});
