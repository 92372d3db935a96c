import { gzipSync } from 'node:zlib';
import { PHONE_ENTRIES } from '@fpy/contracts/phone-entries';
import { chromium, type Page } from 'playwright-core';

/**
 * The login page's JavaScript and CSS, gzip (issue 28 §11): half of vue-element-admin's 393 KB. The browser test
 * tests/browser/login-budget.e2e.ts fails above it; the bench prints the figure.
 */
export const LOGIN_BUDGET_KB = 196;

/**
 * Each phone entry's JavaScript, gzip (issue 14 §4, issue 29 §1): a phone on a mobile network opens it from an SMS
 * or a scanned code. tests/browser/phone-budget.e2e.ts fails above it; the bench prints every entry's figure.
 */
export const PHONE_BUDGET_KB = 150;

export interface PageWeight {
  files: number;
  rawKB: number;
  /** Scripts and style sheets together, each file gzipped on its own at level 9 (as a server would send it). */
  gzipKB: number;
  jsGzipKB: number;
  cssGzipKB: number;
}

/**
 * Opens `path` in `page` and sums the scripts and style sheets the browser fetched for it, once the network is
 * quiet: lazy chunks count only when they are really loaded.
 */
export async function weighPage(page: Page, url: string): Promise<PageWeight> {
  const bodies = new Map<string, { css: boolean; body: Buffer }>();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      bodies.set(res.url(), { css: type === 'stylesheet', body: await res.body() });
    } catch {}
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  let raw = 0;
  let js = 0;
  let css = 0;
  for (const { css: isCss, body } of bodies.values()) {
    raw += body.length;
    const gz = gzipSync(body, { level: 9 }).length;
    if (isCss) css += gz;
    else js += gz;
  }
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  return { files: bodies.size, rawKB: kb(raw), gzipKB: kb(js + css), jsGzipKB: kb(js), cssGzipKB: kb(css) };
}

/**
 * The JavaScript and CSS a real browser loads for a page, summed as gzip bytes — measured by loading the page in
 * Chromium rather than guessed from the build graph, so lazy chunks count only when they are really fetched.
 */
export async function measureScripts(baseUrl: string, token: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const measure = async (path: string, withToken: boolean) => {
      const context = await browser.newContext();
      if (withToken) {
        // The session as the server sets it: the HttpOnly token cookie and the marker the console reads.
        await context.addCookies([
          {
            name: 'Authorization',
            value: encodeURIComponent(`Bearer ${token}`),
            url: baseUrl,
            httpOnly: true,
            sameSite: 'Strict',
          },
          { name: 'fpy_session', value: '1', url: baseUrl, sameSite: 'Strict' },
        ]);
      }
      const page = await context.newPage();
      const weight = await weighPage(page, baseUrl + path);
      await context.close();
      return weight;
    };
    const phones: { name: string; sample: string; weight: PageWeight }[] = [];
    // Each phone entry (@fpy/contracts/phone-entries) at its sample address; a code in it need not exist — the
    // page loads all of its JavaScript up front (no lazy chunks) and then shows its answer.
    for (const { name, sample } of PHONE_ENTRIES)
      phones.push({ name, sample, weight: await measure(sample, false) });
    return {
      login: await measure('/login', false),
      shell: await measure('/dashboard', true),
      phones,
    };
  } finally {
    await browser.close();
  }
}
