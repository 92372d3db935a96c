import { departments, openerProfiles, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const URL = '/api/billing/v1/opener-profiles';
const DEFAULTS = '/api/billing/v1/opener-defaults';

async function tenantOf(username: string) {
  const [u] = await app().services.db.select().from(users).where(eq(users.username, username));
  return u.tenantId as number;
}
async function department(tenantId: number, name: string, parentId: number | null = null) {
  const db = app().services.db;
  const [found] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.name, name)));
  if (found) return found.id;
  const [row] = await db.insert(departments).values({ tenantId, name, parentId }).returning();
  return row.id;
}
const moveUser = (username: string, departmentId: number | null) =>
  app().services.db.update(users).set({ departmentId }).where(eq(users.username, username));

describe('opener profiles (开票人设置)', () => {
  it('creates, lists by role with department paths, updates and deletes', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const tid = await tenantOf('demo');
    const fin = await department(tid, '财务部');
    const created = await call(demo, 'POST', URL, { role: 'payee', name: '钱收款', departmentId: fin });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      role: 'payee',
      name: '钱收款',
      departmentId: fin,
      departmentName: '财务部',
      isDefault: false,
    });
    const id = created.json().id;
    const list = (await call(demo, 'GET', `${URL}?role=payee`)).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect(list.rows.every((r: { role: string }) => r.role === 'payee')).toBe(true);

    const updated = await call(demo, 'PUT', `${URL}/${id}`, {
      role: 'payee',
      name: '钱二收款',
      departmentId: null,
      isDefault: true,
    });
    expect(updated.json()).toMatchObject({
      name: '钱二收款',
      departmentId: null,
      departmentName: null,
      isDefault: true,
    });
    expect((await call(demo, 'DELETE', `${URL}/${id}`)).json()).toEqual({ ok: true });
    expect((await call(demo, 'DELETE', `${URL}/${id}`)).statusCode).toBe(404);
  });

  it('validates the input with Chinese messages and refuses a duplicate name in the same slot', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const empty = await call(demo, 'POST', URL, { role: 'drawer', name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('姓名不能为空');
    const badRole = await call(demo, 'POST', URL, { role: 'boss', name: '张三' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toContain('角色');
    const long = await call(demo, 'POST', URL, { role: 'drawer', name: '张'.repeat(51) });
    expect(long.statusCode).toBe(400);
    await call(demo, 'POST', URL, { role: 'reviewer', name: '重名复核' });
    const dup = await call(demo, 'POST', URL, { role: 'reviewer', name: '重名复核' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('OPENER_DUPLICATE');
    // Another role or department is another slot.
    expect((await call(demo, 'POST', URL, { role: 'payee', name: '重名复核' })).statusCode).toBe(200);
  });

  it('keeps one default per role and department: a new default clears the old one', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const tid = await tenantOf('demo');
    const sales = await department(tid, '销售部');
    const a = (
      await call(demo, 'POST', URL, { role: 'reviewer', name: '甲', departmentId: sales, isDefault: true })
    ).json();
    const b = (
      await call(demo, 'POST', URL, { role: 'reviewer', name: '乙', departmentId: sales, isDefault: true })
    ).json();
    // Same role, company-wide: another slot, untouched.
    const c = (await call(demo, 'POST', URL, { role: 'reviewer', name: '丙', isDefault: true })).json();
    const read = async () =>
      Object.fromEntries(
        (await call(demo, 'GET', `${URL}?role=reviewer&limit=500`))
          .json()
          .rows.map((r: { id: number; isDefault: boolean }) => [r.id, r.isDefault]),
      );
    expect(await read()).toMatchObject({ [a.id]: false, [b.id]: true, [c.id]: true });
    await call(demo, 'PUT', `${URL}/${a.id}`, {
      role: 'reviewer',
      name: '甲',
      departmentId: sales,
      isDefault: true,
    });
    expect(await read()).toMatchObject({ [a.id]: true, [b.id]: false, [c.id]: true });

    // Concurrent requests still leave exactly one default in the slot.
    const tech = await department(tid, '技术部');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(demo, 'POST', URL, { role: 'drawer', name: `并发${i}`, departmentId: tech, isDefault: true }),
      ),
    );
    const defaults = await app()
      .services.db.select()
      .from(openerProfiles)
      .where(
        and(
          eq(openerProfiles.tenantId, tid),
          eq(openerProfiles.role, 'drawer'),
          eq(openerProfiles.departmentId, tech),
          eq(openerProfiles.isDefault, 1),
        ),
      );
    expect(defaults).toHaveLength(1);
  });

  it('resolves the defaults: department beats its ancestors, which beat the company-wide entry', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const tid = await tenantOf('demo');
    const root = await department(tid, '华东区');
    const child = await department(tid, '华东区上海组', root);
    const other = await department(tid, '华北区');
    await call(demo, 'POST', URL, { role: 'payee', name: '公司收款', isDefault: true });
    await call(demo, 'POST', URL, { role: 'payee', name: '华东收款', departmentId: root, isDefault: true });
    await call(demo, 'POST', URL, { role: 'payee', name: '上海收款', departmentId: child, isDefault: true });
    await call(demo, 'POST', URL, { role: 'payee', name: '上海备选', departmentId: child });
    await call(demo, 'POST', URL, { role: 'drawer', name: '公司开票', isDefault: true });
    // Not a default: never chosen.
    await call(demo, 'POST', URL, { role: 'reviewer', name: '非默认复核', departmentId: child });
    await app()
      .services.db.update(openerProfiles)
      .set({ isDefault: 0 })
      .where(and(eq(openerProfiles.tenantId, tid), eq(openerProfiles.role, 'reviewer')));

    await moveUser('demo', child);
    expect((await call(demo, 'GET', DEFAULTS)).json()).toEqual({
      drawer: '公司开票',
      payee: '上海收款',
      reviewer: null,
    });
    const grandchild = await department(tid, '浦东小组', child);
    await moveUser('demo', grandchild);
    expect((await call(demo, 'GET', DEFAULTS)).json().payee).toBe('上海收款');
    await moveUser('demo', other);
    expect((await call(demo, 'GET', DEFAULTS)).json().payee).toBe('公司收款');
    await moveUser('demo', null);
    expect((await call(demo, 'GET', DEFAULTS)).json()).toMatchObject({
      drawer: '公司开票',
      payee: '公司收款',
    });
  });

  it("refuses another tenant's department and keeps each tenant's entries apart", async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const brandDept = await department(await tenantOf('brand'), '品牌财务部');
    const foreign = await call(demo, 'POST', URL, { role: 'drawer', name: '越界', departmentId: brandDept });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('DEPARTMENT_NOT_FOUND');
    expect(
      await app().services.db.select().from(openerProfiles).where(eq(openerProfiles.name, '越界')),
    ).toEqual([]);

    const mine = (
      await call(demo, 'POST', URL, { role: 'drawer', name: '演示开票员', isDefault: true })
    ).json();
    const brandRows = (await call(brand, 'GET', `${URL}?limit=500`)).json().rows;
    expect(brandRows.some((r: { id: number }) => r.id === mine.id)).toBe(false);
    expect((await call(demo, 'GET', `${URL}/${mine.id}`)).json()).toMatchObject({ name: '演示开票员' });
    expect((await call(brand, 'GET', `${URL}/${mine.id}`)).statusCode).toBe(404);
    const hijack = await call(brand, 'PUT', `${URL}/${mine.id}`, { role: 'drawer', name: '改名' });
    expect(hijack.statusCode).toBe(404);
    expect((await call(brand, 'DELETE', `${URL}/${mine.id}`)).statusCode).toBe(404);
    // A brand default never shows up in demo's defaults.
    await call(brand, 'POST', URL, { role: 'reviewer', name: '品牌复核', isDefault: true });
    expect((await call(demo, 'GET', DEFAULTS)).json().reviewer).not.toBe('品牌复核');

    const depts = (await call(demo, 'GET', `${URL}/departments`)).json();
    expect(depts.map((d: { name: string }) => d.name)).toContain('财务部');
    expect(depts.map((d: { name: string }) => d.name)).not.toContain('品牌财务部');
    expect(depts.find((d: { name: string }) => d.name === '华东区上海组')?.path).toBe(
      '华东区 / 华东区上海组',
    );
  });

  it('lets the read-only clerk do nothing here (403)', async () => {
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await call(clerk, 'GET', URL)).statusCode).toBe(403);
    expect((await call(clerk, 'POST', URL, { role: 'drawer', name: '偷偷' })).statusCode).toBe(403);
    expect((await call(clerk, 'GET', `${URL}/departments`)).statusCode).toBe(403);
    expect((await call(clerk, 'GET', DEFAULTS)).statusCode).toBe(403);
  });

  it('answers no defaults for a platform account, which cannot create entries', async () => {
    const admin = await app().login('admin', 'Admin@123');
    expect((await call(admin, 'GET', DEFAULTS)).json()).toEqual({
      drawer: null,
      payee: null,
      reviewer: null,
    });
    const res = await call(admin, 'POST', URL, { role: 'drawer', name: '平台' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TENANT_REQUIRED');
    // The platform reads every tenant's entries.
    expect((await call(admin, 'GET', URL)).json().total).toBeGreaterThan(0);
  });
});
