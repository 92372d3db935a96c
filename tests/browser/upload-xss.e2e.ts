import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiToken, BASE_URL, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * Issue 12 §1, in a real browser: a customised tenant's admin uploads an SVG whose script is spelled so a text
 * filter misses it; the platform administrator then opens the stored file on the console's origin. Before the
 * fix the script ran with the administrator's session. Now the stored file is a PNG the server wrote, served
 * with nosniff and a sandboxing CSP, and nothing runs.
 */
const MARKER = `PWNED${Date.now().toString(36)}`;
const SVG_NS = 'http://www.w3.org/2000/svg';
/** What the payload does if it ever runs: marks the window and the title, and calls the API as the viewer. */
const JS = `window.top.name='${MARKER}';document.title='${MARKER}';fetch('/api/admin/user/front/info?m=${MARKER}')`;
const HOSTILE_SVG = `<svg xmlns="${SVG_NS}" xmlns:s="${SVG_NS}" width="120" height="40" onload="${JS}">
<s:script>${JS}</s:script>
<s:foreignObject width="120" height="40"><h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="javascript:${JS}"/></s:foreignObject>
<a href="&#106;avascript:${JS}"><rect width="120" height="40" fill="#0b7a75"/></a>
</svg>`;

/** Uploads the hostile SVG as brand through the API (the route); the URL of what was stored. */
async function uploadAsBrand(): Promise<string> {
  const token = await apiToken('brand', 'Brand@123');
  const form = new FormData();
  form.append('file', new Blob([HOSTILE_SVG], { type: 'image/svg+xml' }), 'title.svg');
  const res = await fetch(`${BASE_URL}/api/admin/v1/parameterSetting/enterpriseLogoUpload?kind=title`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { content?: { titleImageUrl?: string } };
  if (res.status !== 200 || !body.content?.titleImageUrl)
    throw new Error(`upload: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body.content.titleImageUrl;
}

/** Did the payload leave a trace in this page: the window name, the title, or a request naming the marker? */
async function traces(page: Page, requests: Request[]) {
  return {
    name: await page.evaluate(() => (globalThis as unknown as { name: string }).name),
    title: await page.title(),
    calls: requests.map((r) => r.url()).filter((u) => u.includes(MARKER)),
  };
}

describe('an uploaded SVG opened with the administrator’s session', () => {
  let s: Session;
  let stored: string;
  beforeAll(async () => {
    stored = await uploadAsBrand();
    s = await launch();
    await login(s.page, 'admin', 'Admin@123');
  });
  afterEach(screenshotOnFailure(() => s?.page, 'upload-xss'));
  afterAll(async () => {
    await s?.close();
  });

  test('the payload runs when served as the SVG it was (control: the check can see it)', async () => {
    // The raw upload served from our origin the way /uploads/ served it before the fix, through Playwright.
    const page = await s.context.newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.route('**/uploads/raw-control.svg', (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: HOSTILE_SVG }),
    );
    await page.goto('/uploads/raw-control.svg');
    await expect
      .poll(async () => (await traces(page, requests)).calls.length, { timeout: 5000 })
      .toBeGreaterThan(0);
    const seen = await traces(page, requests);
    expect(seen.title).toBe(MARKER);
    expect(seen.name).toBe(MARKER);
    await page.close();
  });

  test('the stored file is a PNG the server wrote: no script runs, no request is made', async () => {
    expect(stored).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const page = await s.context.newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    const res = await page.goto(stored);
    expect(res?.status()).toBe(200);
    const headers = res?.headers() ?? {};
    expect(headers['content-type']).toBe('image/png');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    // Chromium shows it as an image document: one <img>, decoded.
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { contentType: string } }).document.contentType,
      ),
    ).toBe('image/png');
    const size = await page.locator('img').evaluate((img) => {
      const i = img as unknown as { naturalWidth: number; naturalHeight: number };
      return [i.naturalWidth, i.naturalHeight];
    });
    expect(size[0]).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    const seen = await traces(page, requests);
    expect(seen.calls).toEqual([]);
    expect(seen.title).not.toContain(MARKER);
    expect(seen.name).not.toContain(MARKER);
    // The only request of that page was the image itself.
    expect(requests.map((r) => new URL(r.url()).pathname)).toEqual([stored]);
    await page.close();
  });

  test('an SVG or HTML name in /uploads/ is never served, not even the old seeded logo', async () => {
    const page = await s.context.newPage();
    for (const path of [
      '/uploads/seed/brand-logo.svg',
      stored.replace(/\.png$/, '.svg'),
      '/uploads/x.html',
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      expect(res?.headers()['content-type'] ?? '', path).not.toMatch(/html|svg/);
    }
    await page.close();
  });
});
