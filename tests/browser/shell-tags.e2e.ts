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
    // The platform administrator holds the most pages.
    await login(s.page, 'admin', 'Admin@123');
    const real = [...new Set(['/dashboard', '/personalInformation', ...(await sidebarPaths(s.page))])];

    // While this build has fewer than 11 pages, the oldest tabs are earlier visits restored from the session.
    const earlier = Array.from({ length: Math.max(0, OPENED - real.length) }, (_, i) => ({
      path: `/e2e/earlier-${i}`,
      fullPath: `/e2e/earlier-${i}`,
      code: `earlier${i}`,
      title: `earlier-${i}`,
    }));
    await s.page.evaluate((views) => sessionStorage.setItem('visitedViews', JSON.stringify(views)), earlier);
    await s.page.goto(real[0]);

    const visits = real.slice(0, OPENED - earlier.length);
    for (const path of visits) {
      const item = s.page.locator(`.console-sidebar li.ant-menu-item[data-menu-id$="-${path}"]`);
      // In-app navigation where the sidebar has the entry; a full load for the pages only the avatar menu opens.
      if ((await item.count()) > 0) await item.click();
      else await s.page.goto(path);
      await s.page.locator(`.tags-view-item[data-path="${path}"]`).waitFor();
    }

    const tags = await s.page
      .locator('.tags-view-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    const opened = [...earlier.map((v) => v.path), ...visits];
    expect(opened).toHaveLength(OPENED);
    expect(tags).toHaveLength(MAX_TAGS);
    expect(tags).toEqual(opened.slice(OPENED - MAX_TAGS));
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
