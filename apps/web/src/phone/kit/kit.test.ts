import { existsSync, readFileSync } from 'node:fs';
import { PHONE_ENTRIES, phoneEntryHtml, phoneEntryOf } from '@fpy/contracts/phone-entries';
import { describe, expect, it } from 'vitest';
import { isPublicPath } from '../../app/public-paths.ts';
import { translator } from './i18n.ts';
import en from './locales/en.ts';
import zh from './locales/zh.ts';
import { phoneHref } from './nav.ts';

const web = new URL('../../../', import.meta.url);

describe('phone entries', () => {
  it('each have a folder with an index.html that mounts its main.tsx', () => {
    for (const { name } of PHONE_ENTRIES) {
      const html = new URL(phoneEntryHtml(name), web);
      expect(existsSync(html), name).toBe(true);
      const text = readFileSync(html, 'utf8');
      expect(text).toContain('<div id="root"></div>');
      // Absolute: the page is served at its routes (/smsDetail), where ./main.tsx would resolve to /main.tsx.
      expect(text).toContain(`<script type="module" src="/src/phone/${name}/main.tsx"></script>`);
      expect(existsSync(new URL('main.tsx', html)), name).toBe(true);
    }
  });

  it('own disjoint, exact, public routes', () => {
    const seen = new Map<string, string>();
    for (const { name, routes, sample } of PHONE_ENTRIES) {
      expect(routes.length, name).toBeGreaterThan(0);
      for (const route of routes) {
        expect(route, name).toMatch(/^\/[A-Za-z0-9/]+$/);
        expect(seen.get(route), `${route} in ${name} and ${seen.get(route)}`).toBeUndefined();
        seen.set(route, name);
        // The console's public list too, so a stray visit under the console never bounces to the login page.
        expect(isPublicPath(route), route).toBe(true);
        expect(phoneEntryOf(route)?.name).toBe(name);
        expect(phoneEntryOf(`${route}/`)?.name).toBe(name);
      }
      expect(phoneEntryOf(new URL(sample, 'http://x').pathname)?.name, sample).toBe(name);
    }
    for (const path of ['/', '/login', '/dashboard', '/webkp', '/selfHelpHome'])
      expect(phoneEntryOf(path)).toBeUndefined();
  });
});

describe('the kit', () => {
  it('has every text in both languages, English without Chinese (the toggle names the other language)', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [k, v] of Object.entries(en))
      if (k !== 'langToggle') expect(v, k).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('fills {placeholders} and leaves unknown ones as written', () => {
    const t = translator({ a: '共 {count} 张，{other}' });
    expect(t('a', { count: 3 })).toBe('共 3 张，{other}');
  });

  it('writes addresses with the query, null and undefined left out', () => {
    expect(phoneHref('/smsDetail', { c: 'Ab 1', n: 0 })).toBe('/smsDetail?c=Ab+1&n=0');
    expect(phoneHref('/smsDetail', { c: '', n: null })).toBe('/smsDetail?c=');
    expect(phoneHref('/x')).toBe('/x');
  });
});
