import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * The JavaScript a real browser loads for a page, summed as gzip bytes — measured by loading the page in
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
      const scripts = new Map<string, Buffer>();
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        try {
          scripts.set(res.url(), await res.body());
        } catch {}
      });
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      await context.close();
      let gzip = 0;
      let raw = 0;
      for (const b of scripts.values()) {
        raw += b.length;
        gzip += gzipSync(b, { level: 9 }).length;
      }
      return { files: scripts.size, rawKB: Math.round(raw / 1024), gzipKB: Math.round(gzip / 1024) };
    };
    return {
      login: await measure('/login', false),
      shell: await measure('/dashboard', true),
      // A buyer's delivery page (issue 14 §4: ≤ 150 KB gzip) is its own entry, delivery.html; the code need not
      // exist — the page loads all of its JavaScript up front (it has no lazy chunks) and then shows its answer.
      delivery: await measure('/smsDetail?c=BenchCode0000000', false),
    };
  } finally {
    await browser.close();
  }
}
