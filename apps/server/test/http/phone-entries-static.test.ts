import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PHONE_ENTRIES, phoneEntryHtml } from '@fpy/contracts/phone-entries';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../harness.ts';

/** A built web app in miniature: the console's index.html and each phone entry's HTML where the build writes it. */
function fakeDist(entries = PHONE_ENTRIES) {
  const dist = mkdtempSync(join(tmpdir(), 'fpy-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  for (const { name } of entries) {
    const file = join(dist, phoneEntryHtml(name));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `<!doctype html><title>phone:${name}</title><div id="root"></div>`);
  }
  return dist;
}

// Issue 29 §1: the server reads the same list of phone entries as the Vite build.
describe('phone entries on the one port', () => {
  it("answer every route of an entry with that entry's HTML, every other page with the console", async () => {
    const t = await createTestApp({ WEB_DIST: fakeDist() });
    try {
      for (const { name, routes } of PHONE_ENTRIES) {
        for (const route of routes) {
          for (const url of [route, `${route}/`, `${route}?c=AbCdEf123456XyZ0&n=1`]) {
            const page = await t.app.inject({ url });
            expect(page.statusCode, url).toBe(200);
            expect(page.headers['content-type']).toContain('text/html');
            expect(page.headers['cache-control']).toBe('no-cache');
            expect(page.body, url).toContain(`<title>phone:${name}</title>`);
          }
        }
      }
      for (const url of [
        '/',
        '/login',
        '/dashboard',
        '/webkp',
        '/selfHelpHome',
        '/smsDetailX',
        '/allEleNoSuchPage',
      ]) {
        const page = await t.app.inject({ url });
        expect(page.body, url).toContain('<title>console</title>');
      }
      // A phone route is a page, never an API: a POST there is the JSON 404.
      const post = await t.app.inject({ method: 'POST', url: PHONE_ENTRIES[0].routes[0] });
      expect(post.statusCode).toBe(404);
      expect(post.json().code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await t.drop();
    }
  }, 120_000);

  it('fall back to the console for an entry the build lacks (it shows its own /404)', async () => {
    const t = await createTestApp({ WEB_DIST: fakeDist([]) });
    try {
      const page = await t.app.inject({ url: PHONE_ENTRIES[0].routes[0] });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>console</title>');
    } finally {
      await t.drop();
    }
  }, 120_000);
});
