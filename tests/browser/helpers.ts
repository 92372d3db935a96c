import { constants, publicEncrypt } from 'node:crypto';
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
    // The console honours "reduce motion" (no zoom or collapse): on a loaded CI machine an animation still
    // moving a button between the press and the release of a click made the click miss.
    reducedMotion: 'reduce',
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

/**
 * A call made from inside the page as the console itself makes it: the HttpOnly session cookie travels by itself
 * (no script can read it), and the console header makes it count.
 */
export function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { 'x-requested-with': 'fpy-console' } });
    return res.json();
  }, path) as Promise<T>;
}

/**
 * A call from the test process with a bearer token (from `apiToken`), as an API client makes it: JSON in and out,
 * a non-2xx answer throws with the method, path, status and body.
 */
export async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

/**
 * Logs in through the token endpoint from the test process, as an API client does (password RSA-encrypted as the
 * login page sends it; no console header, so no cookie is set): the bearer token for calls from Node.
 */
export async function apiToken(username: string, password: string): Promise<string> {
  const { publicKey } = (await (await fetch(`${BASE_URL}/api/auth/publicKey`)).json()) as {
    publicKey: string;
  };
  const encrypted = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
  const res = await fetch(`${BASE_URL}/api/auth/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ username, password: encrypted, grant_type: 'password' }).toString(),
  });
  if (res.status !== 200) throw new Error(`token for ${username}: HTTP ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
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
