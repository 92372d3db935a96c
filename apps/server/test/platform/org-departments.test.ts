import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('departments', () => {
  it('returns the seeded tree with user counts', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const tree = (await call(demo, 'GET', '/api/admin/departments')).json();
    expect(tree.map((d: { name: string }) => d.name)).toEqual(['财务部', '销售部', '技术部']);
    expect(tree[0]).toMatchObject({ userCount: 1, children: [], parentId: null });
  });

  it('creates nested departments, validates input and refuses duplicate sibling names', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const [tech] = (await call(demo, 'GET', '/api/admin/departments'))
      .json()
      .filter((d: { name: string }) => d.name === '技术部');
    const fe = await call(demo, 'POST', '/api/admin/departments', {
      parentId: tech.id,
      name: '前端组',
      code: 'FE',
      sortOrder: 1,
    });
    expect(fe.statusCode).toBe(200);
    expect(fe.json()).toMatchObject({ parentId: tech.id, name: '前端组', code: 'FE' });
    await call(demo, 'POST', '/api/admin/departments', { parentId: fe.json().id, name: 'Web 小组' });
    const tree = (await call(demo, 'GET', '/api/admin/departments')).json();
    const techNode = tree.find((d: { name: string }) => d.name === '技术部');
    expect(techNode.children[0].name).toBe('前端组');
    expect(techNode.children[0].children[0].name).toBe('Web 小组');

    const noName = await call(demo, 'POST', '/api/admin/departments', { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('name');
    expect(noName.json().message).toContain('部门名称');
    const dup = await call(demo, 'POST', '/api/admin/departments', { parentId: tech.id, name: '前端组' });
    expect(dup.json().code).toBe('DEPARTMENT_NAME_TAKEN');
    const ghost = await call(demo, 'POST', '/api/admin/departments', { parentId: 999999, name: '幽灵' });
    expect(ghost.json()).toMatchObject({ status: 400, code: 'PARENT_NOT_FOUND' });
  });

  it('moves a department but never under itself or its descendants', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const tree = (await call(demo, 'GET', '/api/admin/departments')).json();
    const tech = tree.find((d: { name: string }) => d.name === '技术部');
    const fe = tech.children[0];
    const web = fe.children[0];
    for (const parentId of [tech.id, web.id]) {
      const res = await call(demo, 'PUT', `/api/admin/departments/${tech.id}`, { parentId, name: '技术部' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('DEPARTMENT_CYCLE');
    }
    const sales = tree.find((d: { name: string }) => d.name === '销售部');
    const moved = await call(demo, 'PUT', `/api/admin/departments/${web.id}`, {
      parentId: sales.id,
      name: 'Web 组',
      sortOrder: 5,
    });
    expect(moved.json()).toMatchObject({ parentId: sales.id, name: 'Web 组', sortOrder: 5 });
    const root = await call(demo, 'PUT', `/api/admin/departments/${web.id}`, {
      parentId: null,
      name: 'Web 组',
    });
    expect(root.json().parentId).toBeNull();
  });

  it('refuses to delete a department with sub-departments or users, with a clear message', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const tree = (await call(demo, 'GET', '/api/admin/departments')).json();
    const tech = tree.find((d: { name: string }) => d.name === '技术部');
    const withKids = await call(demo, 'DELETE', `/api/admin/departments/${tech.id}`);
    expect(withKids.statusCode).toBe(409);
    expect(withKids.json()).toMatchObject({ status: 30101, code: 'DEPARTMENT_HAS_CHILDREN' });
    expect(withKids.json().message).toMatch(/下级部门/);
    const finance = tree.find((d: { name: string }) => d.name === '财务部');
    const withUsers = await call(demo, 'DELETE', `/api/admin/departments/${finance.id}`);
    expect(withUsers.json().code).toBe('DEPARTMENT_HAS_USERS');
    expect(withUsers.json().message).toMatch(/1 位用户/);
    const fe = tech.children[0];
    expect((await call(demo, 'DELETE', `/api/admin/departments/${fe.id}`)).json()).toEqual({ ok: true });
    expect((await call(demo, 'DELETE', `/api/admin/departments/${tech.id}`)).json()).toEqual({ ok: true });
  });

  it('lets the platform create a department only for a named company', async () => {
    const admin = await app().login('admin', 'Admin@123');
    expect((await call(admin, 'POST', '/api/admin/departments', { name: '平台部' })).json().code).toBe(
      'TENANT_REQUIRED',
    );
    const brand = (await call(admin, 'GET', '/api/admin/users?keyword=brand')).json().rows[0];
    const res = await call(admin, 'POST', '/api/admin/departments', {
      name: '品牌部',
      tenantId: brand.tenantId,
    });
    expect(res.json().tenantId).toBe(brand.tenantId);
    const onlyBrand = (await call(admin, 'GET', `/api/admin/departments?tenantId=${brand.tenantId}`)).json();
    expect(onlyBrand.map((d: { name: string }) => d.name)).toEqual(['品牌部']);
  });
});
