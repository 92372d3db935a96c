import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** demo (演示科技) and brand (品牌定制) administer different companies: each must not see or touch the other's. */
describe('org tenant isolation', () => {
  it("answers 404 for the other company's users, groups and departments and changes nothing", async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const brandDept = (await call(brand, 'POST', '/api/admin/departments', { name: '市场部' })).json();
    const brandUsers = (await call(brand, 'GET', '/api/admin/users')).json().rows;
    const brandGroups = (await call(brand, 'GET', '/api/admin/groups')).json().rows;
    expect(brandUsers.map((u: { username: string }) => u.username)).toEqual(['brand']);
    const brandUser = brandUsers[0];
    const brandStaff = brandGroups.find((g: { code: string }) => g.code === 'staff');

    const demoList = (await call(demo, 'GET', '/api/admin/users')).json();
    expect(demoList.rows.map((u: { username: string }) => u.username).sort()).toEqual(['clerk', 'demo']);
    expect((await call(demo, 'GET', `/api/admin/users?tenantId=${brandUser.tenantId}`)).json().total).toBe(0);
    expect((await call(demo, 'GET', `/api/admin/groups?tenantId=${brandUser.tenantId}`)).json().total).toBe(
      0,
    );
    expect(
      (await call(demo, 'GET', '/api/admin/departments')).json().map((d: { name: string }) => d.name),
    ).not.toContain('市场部');
    expect((await call(demo, 'GET', `/api/admin/users?departmentId=${brandDept.id}`)).json().total).toBe(0);
    const opts = (await call(demo, 'GET', `/api/admin/users/options?tenantId=${brandUser.tenantId}`)).json();
    expect(opts.groups.map((g: { id: number }) => g.id)).not.toContain(brandStaff.id);

    const notFound: [Method, string, object?][] = [
      ['GET', `/api/admin/users/${brandUser.id}`],
      ['PUT', `/api/admin/users/${brandUser.id}`, { name: '被改了' }],
      ['PUT', `/api/admin/users/${brandUser.id}/status`, { status: 0 }],
      ['PUT', `/api/admin/users/${brandUser.id}/unlock`],
      ['PUT', `/api/admin/users/${brandUser.id}/password`, { password: 'Hacked123' }],
      ['PUT', `/api/admin/users/${brandUser.id}/groups`, { groupIds: [] }],
      ['DELETE', `/api/admin/users/${brandUser.id}`],
      ['PUT', `/api/admin/groups/${brandStaff.id}`, { name: '被改了' }],
      ['DELETE', `/api/admin/groups/${brandStaff.id}`],
      ['GET', `/api/admin/groups/${brandStaff.id}/members`],
      ['PUT', `/api/admin/groups/${brandStaff.id}/members`, { userIds: [] }],
      ['GET', `/api/admin/groups/${brandStaff.id}/authority`],
      ['PUT', `/api/admin/groups/${brandStaff.id}/authority`, { menuIds: [], elementIds: [] }],
      ['PUT', `/api/admin/departments/${brandDept.id}`, { name: '被改了' }],
      ['DELETE', `/api/admin/departments/${brandDept.id}`],
    ];
    for (const [method, url, body] of notFound) {
      const res = await call(demo, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().status).toBe(404);
    }

    // References into the other company read as "does not exist" too.
    const demoUser = demoList.rows.find((u: { username: string }) => u.username === 'clerk');
    const cross: [Method, string, object][] = [
      ['PUT', `/api/admin/users/${demoUser.id}`, { name: '小李', departmentId: brandDept.id }],
      ['PUT', `/api/admin/users/${demoUser.id}/groups`, { groupIds: [brandStaff.id] }],
      ['POST', '/api/admin/departments', { parentId: brandDept.id, name: '渗透部' }],
      [
        'POST',
        '/api/admin/users',
        {
          username: 'crosser',
          password: 'Welcome123',
          name: 'x',
          tenantId: brandUser.tenantId,
          groupIds: [brandStaff.id],
        },
      ],
    ];
    for (const [method, url, body] of cross)
      expect((await call(demo, method, url, body)).statusCode, url).toBe(400);

    // Nothing changed on brand's side, and demo's create with a foreign tenantId stays in demo's company.
    const after = (await call(brand, 'GET', `/api/admin/users/${brandUser.id}`)).json();
    expect(after).toMatchObject({ name: brandUser.name, status: 1 });
    await app().login('brand', 'Brand@123');
    expect((await call(brand, 'GET', `/api/admin/groups/${brandStaff.id}/members`)).statusCode).toBe(200);
    expect(
      (await call(brand, 'GET', '/api/admin/departments')).json().map((d: { name: string }) => d.name),
    ).toEqual(['市场部']);
    const own = await call(demo, 'POST', '/api/admin/users', {
      username: 'stays.home',
      password: 'Welcome123',
      name: 'x',
      tenantId: brandUser.tenantId,
    });
    expect(own.json().tenantName).toBe('演示科技有限公司');
  });

  it('lets the platform super administrator see every company', async () => {
    const admin = await app().login('admin', 'Admin@123');
    const all = (await call(admin, 'GET', '/api/admin/users?limit=100')).json();
    expect(all.rows.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'demo', 'brand', 'agent', 'clerk']),
    );
    const groups = (await call(admin, 'GET', '/api/admin/groups?limit=100')).json();
    expect(groups.rows.some((g: { tenantId: number | null }) => g.tenantId === null)).toBe(true);
  });
});
