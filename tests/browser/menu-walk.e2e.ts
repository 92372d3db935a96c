import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * Issue 28 §11: a menu entry appears only where its page works for that account. Each demo account opens every
 * entry of the tree it is served (hidden layout pages included) and no API request of the console may be
 * refused on the way: a page the platform administrator cannot use on its own is not served to it at all.
 */
interface MenuNode {
  code: string;
  path: string | null;
  hidden: boolean;
  children: MenuNode[];
}

const ACCOUNTS = [
  ['admin', 'Admin@123'],
  ['demo', 'Demo@123'],
  ['clerk', 'Clerk@123'],
  ['brand', 'Brand@123'],
  ['agent', 'Agent@123'],
] as const;

function leafPaths(nodes: MenuNode[], into: string[] = []): string[] {
  for (const n of nodes) {
    if (n.children.length) leafPaths(n.children, into);
    else if (n.path) into.push(n.path);
  }
  return into;
}

const isApi = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/') || pathname.startsWith('/v1/');
};

/** Counts requests in flight (a page's chunk, then its data), so a page is judged once it has stopped asking. */
function trackRequests(page: Page) {
  let inFlight = 0;
  const done = () => {
    inFlight--;
  };
  page.on('request', () => {
    inFlight++;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  /** Resolves once nothing has been in flight for `quietMs` (or after `capMs`). */
  return async (quietMs = 150, capMs = 15_000) => {
    const start = Date.now();
    let quietSince = Date.now();
    while (Date.now() - start < capMs) {
      await page.waitForTimeout(25);
      if (inFlight > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
    }
  };
}

/** A console navigation without reloading the app (hidden entries have no sidebar item to click). */
const navigate = (page: Page, path: string) =>
  page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

let current: Session | undefined;
afterEach(screenshotOnFailure(() => current?.page, 'menu-walk'));

describe('every menu entry of every demo account', () => {
  test.each(ACCOUNTS)(
    '%s: every page of the served tree opens without a refused request',
    async (user, pw) => {
      const s = await launch();
      current = s;
      try {
        const { page } = s;
        const settle = trackRequests(page);
        await login(page, user, pw);
        const refused: string[] = [];
        let at = '(after login)';
        // Counted from here: before login a 401 is the expected answer.
        page.on('response', (r) => {
          if (isApi(r.url()) && r.status() >= 400)
            refused.push(`${at}: ${r.request().method()} ${new URL(r.url()).pathname} → ${r.status()}`);
        });
        const menus = await apiGet<MenuNode[]>(page, '/api/admin/user/front/tenant/menus');
        const paths = leafPaths(menus);
        const started = Date.now();
        expect(paths).toContain('/dashboard');
        for (const path of paths) {
          at = path;
          await navigate(page, path);
          await settle();
          const landed = new URL(page.url()).pathname;
          if (landed !== path) refused.push(`${path}: landed on ${landed}`);
          if (await page.locator('.page-refused, .page-crashed').count())
            refused.push(`${path}: shows a refusal`);
        }
        console.log(`${user}: ${paths.length} pages in ${Date.now() - started} ms`);
        expect(refused).toEqual([]);
      } finally {
        await s.close();
      }
    },
    240_000,
  );

  test('a page whose data is refused shows the refusal in place of its content', async () => {
    const s = await launch();
    current = s;
    try {
      const { page } = s;
      await login(page, 'clerk', 'Clerk@123');
      // What a refused load looks like (TENANT_REQUIRED, a removed grant): the page's list answers 403.
      await page.route(
        (url) =>
          url.pathname.startsWith('/api/') &&
          /user/i.test(url.pathname) &&
          !/front|self|unsafe/.test(url.pathname),
        (route) =>
          route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ status: 40301, code: 'FORBIDDEN', message: '无权访问：测试拒绝' }),
          }),
      );
      await navigate(page, '/orgManager/userManager');
      const refused = page.locator('.page-refused');
      await refused.waitFor();
      await expect(refused.textContent()).resolves.toContain('无权访问：测试拒绝');
      expect(await page.locator('.ant-skeleton').count()).toBe(0);
      // The shell stays: the sidebar and the tags still work.
      await page.locator('.console-sidebar .ant-menu-root').waitFor();
    } finally {
      await s.close();
    }
  });
});
