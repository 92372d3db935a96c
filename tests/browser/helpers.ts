import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Set by scripts/browser-tests.mjs; point it at any running server to try the suite by hand. */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:9527').replace(/\/$/, '');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Session {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** A fresh Chromium with its own profile directory, so cookies and storage never leak between files. */
export async function launch(): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), 'fpy-chromium-'));
  // Playwright passes the profile as --user-data-dir itself; it refuses the flag in args.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Fills the login form; does not wait for the console, so failure cases can inspect the page. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('form[name="login"] button[type="submit"]').click();
}

/** Logs in and waits until the console shell with its sidebar is on screen. */
export async function login(page: Page, username: string, password: string): Promise<void> {
  await submitLogin(page, username, password);
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/cloudConsole'),
  );
  await page.locator('.console-sidebar .ant-menu').waitFor();
}

/** Paths of every leaf entry of the sidebar, in menu order (groups are expanded first). */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const closed = page.locator(
    '.console-sidebar .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title',
  );
  // Nested groups appear only once their parent opens, hence the loop.
  for (let guard = 0; guard < 50 && (await closed.count()) > 0; guard++) {
    await closed.first().click();
    await page.waitForTimeout(100);
  }
  return page
    .locator('.console-sidebar li.ant-menu-item')
    .evaluateAll((items) =>
      items.map((li) => li.getAttribute('data-menu-id')?.replace(/^.*?-(\/.*)$/, '$1') ?? ''),
    );
}

/** A call made from inside the page, with the session cookie's token, as the console itself would. */
export function apiGet<T>(page: Page, path: string): Promise<T> {
  // Runs in the browser; the root tsconfig has no DOM types, hence the narrow declaration.
  return page.evaluate(async (url) => {
    const { cookie } = (globalThis as unknown as { document: { cookie: string } }).document;
    const auth = decodeURIComponent(cookie.match(/(?:^|; )Authorization=([^;]*)/)?.[1] ?? '');
    const res = await fetch(url, { headers: { Authorization: auth } });
    return res.json();
  }, path) as Promise<T>;
}

/**
 * For `afterEach`: when the test just failed, saves the page as /tmp/e2e-{name}-{time}.png and says where.
 * Takes a getter because the session is created in `beforeAll`, after the hook is registered.
 */
export function screenshotOnFailure(page: () => Page | undefined, name: string) {
  return async (ctx: { task: { result?: { state?: string } } }) => {
    const p = page();
    if (!p || ctx.task.result?.state !== 'fail') return;
    const file = join(tmpdir(), `e2e-${name}-${Date.now()}.png`);
    await p.screenshot({ path: file, fullPage: true }).then(
      () => console.error(`screenshot: ${file}`),
      () => undefined,
    );
  };
}
