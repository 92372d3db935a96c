import { catalogueCodes } from '@fpy/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';

/**
 * Walks the generated OpenAPI document and proves, for every route: no token → 401; a user lacking the
 * route's code → 403; and for every tenant-owned record route, a user of one tenant can neither read, change
 * nor delete another tenant's rows.
 */
const app = useTestApp();

type Op = { 'x-permission': string | string[]; 'x-platform-only'?: boolean; produces?: string };
type Doc = { paths: Record<string, Record<string, Op>> };

let doc: Doc;
const tokens: Record<string, string> = {};
const fill = (path: string) => path.replace(/\{\w+\}/g, '1');

beforeAll(async () => {
  const t = app();
  doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
  // A member of the demo company with no group at all: holds no code.
  tokens.nobody = await bareUserToken(t);
  tokens.demo = await t.login('demo', 'Demo@123');
  tokens.brand = await t.login('brand', 'Brand@123');
});

function operations() {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

describe('every route is guarded as its contract says', () => {
  it('lists a permission for every route, and every code exists in the menu catalogue', () => {
    const codes = catalogueCodes();
    const ops = operations();
    expect(ops.length).toBeGreaterThan(10);
    for (const { path, method, op } of ops) {
      const p = op['x-permission'];
      expect(p, `${method} ${path}`).toBeTruthy();
      for (const code of typeof p === 'string' ? [p] : p) {
        if (code !== 'public' && code !== 'authenticated')
          expect(codes.has(code), `${method} ${path} needs unknown code ${code}`).toBe(true);
      }
    }
  });

  it('answers 401 / 40101 without a token on every protected route', async () => {
    for (const { path, method, op } of operations()) {
      if (op['x-permission'] === 'public') continue;
      const res = await app().app.inject({ method: method as 'GET', url: fill(path) });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
      expect(res.json().status, `${method} ${path}`).toBe(40101);
    }
  });

  it('answers 403 / 40301 to a user lacking the code, and platform-only routes to tenant administrators', async () => {
    for (const { path, method, op } of operations()) {
      const p = op['x-permission'];
      if (p === 'public' || p === 'authenticated') continue;
      const res = await app().app.inject({
        method: method as 'GET',
        url: fill(path),
        headers: bearer(tokens.nobody),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().status, `${method} ${path}`).toBe(40301);
      if (op['x-platform-only']) {
        const asTenantAdmin = await app().app.inject({
          method: method as 'GET',
          url: fill(path),
          headers: bearer(tokens.demo),
        });
        expect(asTenantAdmin.statusCode, `${method} ${path} as tenant admin`).toBe(403);
      }
    }
  });
});

type Row = { id: number; children?: Row[] };
const flatten = (rows: Row[]): Row[] => rows.flatMap((r) => [r, ...flatten(r.children ?? [])]);

describe('tenant isolation on every record route', () => {
  it('keeps each company inside its own rows: list, get, update, delete', async () => {
    const t = app();
    const covered: string[] = [];
    for (const { path, method, op } of operations()) {
      if (method !== 'GET' || path.includes('{') || op['x-platform-only']) continue;
      const item = doc.paths[`${path}/{id}`];
      if (!item?.get) continue;
      const list = async (token: string) => {
        const res = await t.app.inject({ url: `${path}?limit=100`, headers: bearer(token) });
        if (res.statusCode !== 200) return null;
        const body = res.json();
        const rows = Array.isArray(body) ? body : body.rows;
        return Array.isArray(rows) ? flatten(rows as Row[]) : null;
      };
      const mine = await list(tokens.demo);
      const theirs = await list(tokens.brand);
      if (!mine?.length || !theirs) continue;
      covered.push(path);
      const theirIds = new Set(theirs.map((r) => r.id));
      for (const row of mine)
        expect(theirIds.has(row.id), `${path}: brand sees demo's row ${row.id}`).toBe(false);

      const victim = mine[mine.length - 1];
      const url = `${path}/${victim.id}`;
      const before = (await t.app.inject({ url, headers: bearer(tokens.demo) })).json();
      const get = await t.app.inject({ url, headers: bearer(tokens.brand) });
      expect(get.statusCode, `GET ${url} as another tenant`).toBe(404);
      if (item.put) {
        const put = await t.app.inject({
          method: 'PUT',
          url,
          headers: bearer(tokens.brand),
          payload: before,
        });
        expect([400, 404], `PUT ${url} as another tenant`).toContain(put.statusCode);
      }
      if (item.delete) {
        const del = await t.app.inject({ method: 'DELETE', url, headers: bearer(tokens.brand) });
        expect([404, 409], `DELETE ${url} as another tenant`).toContain(del.statusCode);
        if (del.statusCode === 409) expect(del.json().code).not.toBe('OK');
      }
      const after = await t.app.inject({ url, headers: bearer(tokens.demo) });
      expect(after.statusCode, `${url} still there for its owner`).toBe(200);
      expect(after.json(), `${url} unchanged`).toEqual(before);
    }
    // The walk must really cover the tenant-owned records, not pass vacuously.
    expect(covered.length, `covered: ${covered.join(', ')}`).toBeGreaterThanOrEqual(3);
  });
});
