import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES } from '../platform/base-helpers.ts';
import {
  call,
  encryptFor,
  Fleet,
  fleetAvailable,
  freePort,
  type Instance,
  login,
  tryLogin,
  within,
} from './fleet-helpers.ts';

/**
 * Issue 22 §1: every change that narrows access, or changes what the console shows, reaches every instance
 * within a second. Two real server processes (main.ts) on one fresh PostgreSQL database and one Redis, each with
 * its own DATA_DIR and one S3 bucket (s3rver in this process). Each case warms instance B's caches (actors and
 * profiles are kept 30 s), makes the change through instance A, then polls B until it shows — within 1 s,
 * which only the invalidation bus can do (lib/bus.ts). Runs when TEST_DB=pg and TEST_REDIS_URL are set.
 */
const INFO = '/api/admin/user/front/info';
const MENUS = '/api/admin/user/front/tenant/menus';
const LIMIT_MS = 1000;

describe.runIf(fleetAvailable)('cached access and settings across two server processes', () => {
  const fleet = new Fleet('caches', { dataDirPerProcess: true });
  let s3: S3rver;
  let s3dir = '';
  let a: Instance;
  let b: Instance;
  const seen: Record<string, number> = {};

  beforeAll(async () => {
    s3dir = mkdtempSync(join(tmpdir(), 'fpy-s3rver-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: 'fleet' }],
    });
    const { port } = (await s3.run()) as AddressInfo;
    const env = {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'fleet',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    // One after the other: the first start migrates and seeds the fresh database.
    a = await fleet.start(await freePort(), env);
    b = await fleet.start(await freePort(), env);
  }, 180_000);

  afterAll(async () => {
    console.log(
      `fleet caches: seen on B after ${Object.entries(seen)
        .map(([k, ms]) => `${k} ${ms} ms`)
        .join(', ')}`,
    );
    await fleet.cleanup();
    await s3?.close();
    if (s3dir) rmSync(s3dir, { recursive: true, force: true });
  });

  /** Calls `path` on B twice (the second answer comes from B's caches) and expects `status` both times. */
  const warm = async (token: string, path: string, status = 200) => {
    for (let i = 0; i < 2; i++) expect((await call(b.url, token, 'GET', path)).status, path).toBe(status);
  };
  /** Polls B until `probe` holds; records and checks the time. */
  const onB = async (what: string, probe: () => Promise<boolean>) => {
    seen[what] = await within(LIMIT_MS, probe);
    expect(seen[what]).toBeLessThan(LIMIT_MS);
  };
  const statusOnB = (token: string, path = INFO) => call(b.url, token, 'GET', path).then((r) => r.status);
  const userId = async (admin: string, username: string) =>
    (
      (await call(a.url, admin, 'GET', `/api/admin/users?keyword=${username}`)).json.rows as {
        id: number;
        username: string;
      }[]
    ).find((u) => u.username === username)!.id;

  it('logout through A: B refuses that token', async () => {
    const token = await login(a.url, 'demo', 'Demo@123');
    await warm(token, INFO);
    expect((await call(a.url, token, 'DELETE', '/api/auth/oauth/token')).status).toBe(200);
    await onB('logout', async () => (await statusOnB(token)) === 401);
  });

  it('an administrator resetting a password through A ends every session of that user on B', async () => {
    const demo = await login(a.url, 'demo', 'Demo@123');
    const sessions = [await login(a.url, 'clerk', 'Clerk@123'), await login(b.url, 'clerk', 'Clerk@123')];
    for (const s of sessions) await warm(s, INFO);
    const id = await userId(demo, 'clerk');
    const reset = await call(a.url, demo, 'PUT', `/api/admin/users/${id}/password`, {
      password: 'Clerk@456',
    });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    await onB('revoke all sessions', async () => {
      const st = await Promise.all(sessions.map((s) => statusOnB(s)));
      return st.every((s) => s === 401);
    });
    expect((await tryLogin(b.url, 'clerk', 'Clerk@123')).status).not.toBe(200);
    expect((await tryLogin(b.url, 'clerk', 'Clerk@456')).status).toBe(200);
  });

  it('removing one grant from a group through A: B answers 403 for it', async () => {
    const demo = await login(a.url, 'demo', 'Demo@123');
    const clerk = await login(b.url, 'clerk', 'Clerk@456');
    await warm(clerk, '/api/admin/users');
    const staff = (await call(a.url, demo, 'GET', '/api/admin/groups')).json.rows.find(
      (g: { code: string }) => g.code === 'staff',
    );
    const auth = (await call(a.url, demo, 'GET', `/api/admin/groups/${staff.id}/authority`)).json as {
      menus: AuthorityMenu[];
      menuIds: number[];
      elementIds: number[];
    };
    // Only the user-management menu (and its buttons) goes; everything else the group holds stays.
    const target = findMenu(auth.menus, 'userManager');
    expect(target && auth.menuIds.includes(target.id)).toBe(true);
    const goneMenus = new Set(allMenus([target!]).map((m) => m.id));
    const goneElements = new Set(allMenus([target!]).flatMap((m) => m.elements.map((e) => e.id)));
    const put = await call(a.url, demo, 'PUT', `/api/admin/groups/${staff.id}/authority`, {
      menuIds: auth.menuIds.filter((m) => !goneMenus.has(m)),
      elementIds: auth.elementIds.filter((e) => !goneElements.has(e)),
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    await onB('grant removed', async () => (await statusOnB(clerk, '/api/admin/users')) === 403);
    // The rest of the clerk's access is untouched.
    expect(await statusOnB(clerk, INFO)).toBe(200);
  });

  it('disabling a user through A: B refuses their token at once', async () => {
    const demo = await login(a.url, 'demo', 'Demo@123');
    const clerk = await login(b.url, 'clerk', 'Clerk@456');
    await warm(clerk, INFO);
    const id = await userId(demo, 'clerk');
    expect((await call(a.url, demo, 'PUT', `/api/admin/users/${id}/status`, { status: 0 })).status).toBe(200);
    await onB('user disabled', async () => (await statusOnB(clerk)) === 401);
    expect((await tryLogin(b.url, 'clerk', 'Clerk@456')).status).not.toBe(200);
    expect((await call(a.url, demo, 'PUT', `/api/admin/users/${id}/status`, { status: 1 })).status).toBe(200);
  });

  it('suspending a tenant through A: B refuses its users; enabling it again lets them back', async () => {
    const admin = await login(a.url, 'admin', 'Admin@123');
    const brand = await login(b.url, 'brand', 'Brand@123');
    await warm(brand, INFO);
    const tenantId = (await call(b.url, brand, 'GET', INFO)).json.tenantId as number;
    const off = await call(a.url, admin, 'PUT', `/api/admin/tenants/${tenantId}/status`, { status: 0 });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    await onB('tenant disabled', async () => (await statusOnB(brand)) === 401);
    expect((await tryLogin(b.url, 'brand', 'Brand@123')).status).not.toBe(200);
    expect(
      (await call(a.url, admin, 'PUT', `/api/admin/tenants/${tenantId}/status`, { status: 1 })).status,
    ).toBe(200);
    expect((await tryLogin(b.url, 'brand', 'Brand@123')).status).toBe(200);
  });

  it('changing one’s own password through A: other sessions refused on B, the changing one kept, old password refused', async () => {
    const here = await login(a.url, 'demo', 'Demo@123');
    const elsewhere = await login(b.url, 'demo', 'Demo@123');
    await warm(here, INFO);
    await warm(elsewhere, INFO);
    const sent = await call(a.url, here, 'GET', '/api/admin/client/getModifyPasswordCode?channel=sms');
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const [msg] = await fleet.query<{ body: string }>(
      `SELECT body FROM sandbox_messages WHERE recipient = '13900000001' ORDER BY id DESC LIMIT 1`,
    );
    const code = /(\d{6})/.exec(msg.body)![1];
    const changed = await call(a.url, here, 'PUT', '/api/admin/user/modifyPassword', {
      code,
      password: await encryptFor(a.url, 'Demo@456'),
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    // The product's rule (verification-code.ts setOwnPassword): every other session ends, the one that made the
    // change stays.
    await onB('password changed', async () => (await statusOnB(elsewhere)) === 401);
    expect(await statusOnB(here)).toBe(200);
    expect((await tryLogin(b.url, 'demo', 'Demo@123')).status).not.toBe(200);
    expect((await tryLogin(b.url, 'demo', 'Demo@456')).status).toBe(200);
  });

  it('a menu renamed or hidden through A shows in the menu tree B serves', async () => {
    const admin = await login(a.url, 'admin', 'Admin@123');
    const demo = await login(b.url, 'demo', 'Demo@456');
    await warm(demo, MENUS);
    const before = (await call(b.url, demo, 'GET', MENUS)).json as { code: string; title: string }[];
    const all = (await call(a.url, admin, 'GET', '/api/admin/menu/all')).json as {
      id: number;
      code: string;
    }[];
    // The first stored menu (the layout pages before it are declared in code, not stored).
    const top = before.find((n) => all.some((m) => m.code === n.code))!;
    const id = all.find((m) => m.code === top.code)!.id;
    const title = `${top.title}·改`;
    const put = await call(a.url, admin, 'PUT', `/api/admin/menu/${id}`, { titleZh: title });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    await onB('menu renamed', async () => {
      const tree = (await call(b.url, demo, 'GET', MENUS)).json as { code: string; title: string }[];
      return tree.find((n) => n.code === top.code)?.title === title;
    });
    expect((await call(a.url, admin, 'PUT', `/api/admin/menu/${id}`, { hidden: true })).status).toBe(200);
    // Served flagged hidden: the sidebar leaves it out, its page stays reachable.
    await onB('menu hidden', async () => {
      const tree = (await call(b.url, demo, 'GET', MENUS)).json as { code: string; hidden: boolean }[];
      return tree.find((n) => n.code === top.code)?.hidden === true;
    });
  });

  it('a tenant’s issuing mode changed through A is what B tells the console', async () => {
    const admin = await login(a.url, 'admin', 'Admin@123');
    const demo = await login(b.url, 'demo', 'Demo@456');
    await warm(demo, INFO);
    const info = (await call(b.url, demo, 'GET', INFO)).json as { tenantId: number; invoiceMethod: number };
    const next = info.invoiceMethod === 1 ? 0 : 1;
    const put = await call(a.url, admin, 'PUT', `/api/admin/tenants/${info.tenantId}`, {
      invoiceMethod: next,
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    await onB('issuing mode', async () => (await call(b.url, demo, 'GET', INFO)).json.invoiceMethod === next);
  });

  it('a logo uploaded through A: B shows it in the profile and serves the file from the shared bucket', async () => {
    const brandA = await login(a.url, 'brand', 'Brand@123');
    const brandB = await login(b.url, 'brand', 'Brand@123');
    await warm(brandB, INFO);
    const form = new FormData();
    form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), 'logo.png');
    const res = await fetch(`${a.url}/api/admin/v1/parameterSetting/enterpriseLogoUpload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${brandA}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const logoUrl = ((await res.json()) as { content: { logoUrl: string } }).content.logoUrl;
    await onB('branding', async () => (await call(b.url, brandB, 'GET', INFO)).json.logoUrl === logoUrl);
    const file = await fetch(`${b.url}${logoUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

interface AuthorityMenu {
  id: number;
  code: string;
  elements: { id: number }[];
  children: AuthorityMenu[];
}

const allMenus = (nodes: AuthorityMenu[]): AuthorityMenu[] =>
  nodes.flatMap((n) => [n, ...allMenus(n.children)]);

const findMenu = (nodes: AuthorityMenu[], code: string) => allMenus(nodes).find((n) => n.code === code);
