import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const tokens: Record<string, string> = {};
const tokenOf = async (u: 'demo' | 'clerk' | 'admin') => {
  const pw = { demo: 'Demo@123', clerk: 'Clerk@123', admin: 'Admin@123' }[u];
  tokens[u] ??= await app().login(u, pw);
  return tokens[u];
};
const options = async () => (await call(await tokenOf('demo'), 'GET', '/api/admin/users/options')).json();

describe('users', () => {
  it('lists the own company with paging, sort and filters', async () => {
    const demo = await tokenOf('demo');
    const res = await call(demo, 'GET', '/api/admin/users?page=1&limit=20&sort=username');
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json();
    expect(total).toBe(2);
    expect(rows.map((r: { username: string }) => r.username)).toEqual(['clerk', 'demo']);
    const clerk = rows[0];
    expect(clerk).toMatchObject({
      departmentName: '财务部',
      positionName: '开票员',
      status: 1,
      locked: false,
      tenantName: '演示科技有限公司',
    });
    expect(clerk.groups.map((g: { code: string }) => g.code)).toEqual(['staff']);

    const byKeyword = (await call(demo, 'GET', '/api/admin/users?keyword=13900000002')).json();
    expect(byKeyword.rows.map((r: { username: string }) => r.username)).toEqual(['clerk']);
    const paged = (await call(demo, 'GET', '/api/admin/users?page=2&limit=1&sort=-username')).json();
    expect(paged).toMatchObject({ total: 2, rows: [{ username: 'clerk' }] });
    const disabled = (await call(demo, 'GET', '/api/admin/users?status=0')).json();
    expect(disabled.total).toBe(0);
    const empty = (await call(demo, 'GET', '/api/admin/users?status=&departmentId=')).json();
    expect(empty.total).toBe(2);
  });

  it('filters by department including sub-departments, position and group', async () => {
    const demo = await tokenOf('demo');
    const opts = await options();
    const finance = opts.departments.find((d: { name: string }) => d.name === '财务部');
    const sub = (
      await call(demo, 'POST', '/api/admin/departments', { parentId: finance.id, name: '应收组' })
    ).json();
    const drawer = opts.positions.find((p: { name: string }) => p.name === '开票员');
    const staff = opts.groups.find((g: { code: string }) => g.code === 'staff');
    const created = await call(demo, 'POST', '/api/admin/users', {
      username: 'ar.clerk',
      password: 'Start123',
      name: '应收专员',
      departmentId: sub.id,
      positionId: drawer.id,
      groupIds: [staff.id],
    });
    expect(created.statusCode).toBe(200);
    const inFinance = (await call(demo, 'GET', `/api/admin/users?departmentId=${finance.id}`)).json();
    expect(inFinance.rows.map((r: { username: string }) => r.username).sort()).toEqual(['ar.clerk', 'clerk']);
    const inSub = (await call(demo, 'GET', `/api/admin/users?departmentId=${sub.id}`)).json();
    expect(inSub.total).toBe(1);
    expect((await call(demo, 'GET', `/api/admin/users?positionId=${drawer.id}`)).json().total).toBe(2);
    expect((await call(demo, 'GET', `/api/admin/users?groupId=${staff.id}`)).json().total).toBe(2);
  });

  it('creates a user whose first login is asked to change the initial password', async () => {
    const demo = await tokenOf('demo');
    const res = await call(demo, 'POST', '/api/admin/users', {
      username: 'newbie',
      password: 'Welcome123',
      name: '新同事',
      phone: '13712345678',
      email: 'newbie@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'newbie',
      passwordState: 'initial',
      tenantName: '演示科技有限公司',
      groups: [],
    });
    const token = await app().login('newbie', 'Welcome123');
    const unsafe = (await call(token, 'GET', '/api/admin/user/unsafeUser')).json();
    expect(unsafe).toMatchObject({ unsafe: true, reason: 'initial' });
    const got = await call(demo, 'GET', `/api/admin/users/${res.json().id}`);
    expect(got.json().phone).toBe('13712345678');
  });

  it('refuses taken usernames, case-insensitively, with USERNAME_TAKEN', async () => {
    const demo = await tokenOf('demo');
    for (const username of ['clerk', 'CLERK', 'brand']) {
      const res = await call(demo, 'POST', '/api/admin/users', {
        username,
        password: 'Welcome123',
        name: '重名',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
      expect(res.json().message).toContain('username');
    }
  });

  it('validates every field with a Chinese message naming it', async () => {
    const demo = await tokenOf('demo');
    const cases: [object, string, RegExp][] = [
      [{ username: 'ab', password: 'Welcome123', name: 'x' }, 'username', /用户名/],
      [{ username: 'okname', password: 'short1', name: 'x' }, 'password', /密码至少8位/],
      [{ username: 'okname', password: 'lettersonly', name: 'x' }, 'password', /字母和数字/],
      [{ username: 'okname', password: 'Welcome123', name: '' }, 'name', /姓名/],
      [{ username: 'okname', password: 'Welcome123', name: 'x', phone: '12345' }, 'phone', /手机号/],
      [{ username: 'okname', password: 'Welcome123', name: 'x', email: 'nope' }, 'email', /邮箱/],
      [
        { username: 'okname', password: 'Welcome123', name: 'x', departmentId: 999999 },
        'departmentId',
        /部门不存在/,
      ],
      [
        { username: 'okname', password: 'Welcome123', name: 'x', positionId: 999999 },
        'positionId',
        /岗位不存在/,
      ],
      [
        { username: 'okname', password: 'Welcome123', name: 'x', groupIds: [999999] },
        'groupIds',
        /用户组不存在/,
      ],
    ];
    for (const [body, field, msg] of cases) {
      const res = await call(demo, 'POST', '/api/admin/users', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
      expect(res.json().message).toMatch(msg);
    }
    const admin = await tokenOf('admin');
    const noTenant = await call(admin, 'POST', '/api/admin/users', {
      username: 'okname',
      password: 'Welcome123',
      name: 'x',
    });
    expect(noTenant.json()).toMatchObject({ status: 400, code: 'TENANT_REQUIRED' });
  });

  it('updates a profile and moves the user', async () => {
    const demo = await tokenOf('demo');
    const { rows } = (await call(demo, 'GET', '/api/admin/users?keyword=newbie')).json();
    const sales = (await options()).departments.find((d: { name: string }) => d.name === '销售部');
    const res = await call(demo, 'PUT', `/api/admin/users/${rows[0].id}`, {
      name: '新同事（销售）',
      phone: '',
      email: null,
      departmentId: sales.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '新同事（销售）',
      phone: null,
      email: null,
      departmentName: '销售部',
      positionId: null,
    });
  });

  it('disables and enables: a disabled user cannot log in and their tokens stop working', async () => {
    const demo = await tokenOf('demo');
    const { rows } = (await call(demo, 'GET', '/api/admin/users?keyword=newbie')).json();
    const token = await app().login('newbie', 'Welcome123');
    const off = await call(demo, 'PUT', `/api/admin/users/${rows[0].id}/status`, { status: 0 });
    expect(off.json().status).toBe(0);
    expect((await call(token, 'GET', '/api/admin/user/front/info')).statusCode).toBe(401);
    await expect(app().login('newbie', 'Welcome123')).rejects.toThrow(/400/);
    const bad = await call(demo, 'PUT', `/api/admin/users/${rows[0].id}/status`, { status: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status');
    const on = await call(demo, 'PUT', `/api/admin/users/${rows[0].id}/status`, { status: 1 });
    expect(on.json().status).toBe(1);
    await app().login('newbie', 'Welcome123');
  });

  it('unlocks a user locked by five wrong passwords', async () => {
    const demo = await tokenOf('demo');
    for (let i = 0; i < 5; i++) await expect(app().login('newbie', 'Wrong1234')).rejects.toThrow();
    await expect(app().login('newbie', 'Welcome123')).rejects.toThrow(/ACCOUNT_LOCKED/);
    const locked = (await call(demo, 'GET', '/api/admin/users?locked=true')).json();
    expect(locked.rows.map((r: { username: string }) => r.username)).toEqual(['newbie']);
    expect(locked.rows[0].lockedUntil).toEqual(expect.any(String));
    expect((await call(demo, 'GET', '/api/admin/users?locked=false')).json().total).toBe(3);
    // Without the filter a locked user is listed like any other.
    expect((await call(demo, 'GET', '/api/admin/users')).json().total).toBe(4);
    const res = await call(demo, 'PUT', `/api/admin/users/${locked.rows[0].id}/unlock`);
    expect(res.json()).toMatchObject({ locked: false, lockedUntil: null });
    await app().login('newbie', 'Welcome123');
  });

  it('resets a password: old tokens get 401, the new password works and unsafeUser says reset', async () => {
    const demo = await tokenOf('demo');
    const clerkToken = await app().login('clerk', 'Clerk@123');
    const { rows } = (await call(demo, 'GET', '/api/admin/users?keyword=clerk&sort=username')).json();
    const clerk = rows.find((r: { username: string }) => r.username === 'clerk');
    const weak = await call(demo, 'PUT', `/api/admin/users/${clerk.id}/password`, { password: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('password');
    expect(weak.json().message).toContain('密码至少8位');
    const res = await call(demo, 'PUT', `/api/admin/users/${clerk.id}/password`, { password: 'Reset2024' });
    expect(res.json()).toEqual({ ok: true });
    const after = await call(clerkToken, 'GET', '/api/admin/user/front/info');
    expect(after.statusCode).toBe(401);
    expect(after.json().status).toBe(40101);
    await expect(app().login('clerk', 'Clerk@123')).rejects.toThrow();
    tokens.clerk = await app().login('clerk', 'Reset2024');
    expect((await call(tokens.clerk, 'GET', '/api/admin/user/unsafeUser')).json()).toMatchObject({
      unsafe: true,
      reason: 'reset',
    });
    const self = await call(demo, 'GET', '/api/admin/users?keyword=demo');
    const selfReset = await call(demo, 'PUT', `/api/admin/users/${self.json().rows[0].id}/password`, {
      password: 'Reset2024',
    });
    expect(selfReset.json().code).toBe('SELF_RESET');
  });

  it('assigns groups and keeps at least one company administrator', async () => {
    const demo = await tokenOf('demo');
    const opts = await options();
    const admin = opts.groups.find((g: { code: string }) => g.code === 'admin');
    const staff = opts.groups.find((g: { code: string }) => g.code === 'staff');
    const { rows } = (await call(demo, 'GET', '/api/admin/users?sort=username')).json();
    const byName = Object.fromEntries(rows.map((r: { username: string; id: number }) => [r.username, r.id]));
    const res = await call(demo, 'PUT', `/api/admin/users/${byName.newbie}/groups`, {
      groupIds: [staff.id, admin.id],
    });
    expect(res.json().groups.map((g: { code: string }) => g.code)).toEqual(['admin', 'staff']);
    // Two admins: removing one is fine; the last one cannot be demoted or deleted.
    expect(
      (await call(demo, 'PUT', `/api/admin/users/${byName.newbie}/groups`, { groupIds: [staff.id] }))
        .statusCode,
    ).toBe(200);
    const demote = await call(demo, 'PUT', `/api/admin/users/${byName.demo}/groups`, { groupIds: [] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ status: 30101, code: 'LAST_TENANT_ADMIN' });
    const selfDelete = await call(demo, 'DELETE', `/api/admin/users/${byName.demo}`);
    expect(selfDelete.json().code).toBe('SELF_DELETE');
    const platform = await tokenOf('admin');
    const last = await call(platform, 'DELETE', `/api/admin/users/${byName.demo}`);
    expect(last.json().code).toBe('LAST_TENANT_ADMIN');
    expect((await call(demo, 'GET', `/api/admin/users/${byName.demo}`)).statusCode).toBe(200);
  });

  it('deletes a user: gone from the list, their tokens rejected', async () => {
    const demo = await tokenOf('demo');
    const token = await app().login('newbie', 'Welcome123');
    const { rows } = (await call(demo, 'GET', '/api/admin/users?keyword=newbie')).json();
    expect((await call(demo, 'DELETE', `/api/admin/users/${rows[0].id}`)).json()).toEqual({ ok: true });
    expect((await call(demo, 'GET', `/api/admin/users/${rows[0].id}`)).statusCode).toBe(404);
    expect((await call(token, 'GET', '/api/admin/user/front/info')).statusCode).toBe(401);
  });

  it('lets the clerk read the list but refuses every button with 403', async () => {
    const clerk = tokens.clerk ?? (await app().login('clerk', 'Reset2024'));
    expect((await call(clerk, 'GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await call(clerk, 'GET', '/api/admin/users/options')).statusCode).toBe(200);
    expect((await call(clerk, 'GET', '/api/admin/users/import-template')).statusCode).toBe(200);
    const { rows } = (await call(clerk, 'GET', '/api/admin/users?keyword=demo')).json();
    const id = rows[0].id;
    const refused: [Method, string, object?][] = [
      ['POST', '/api/admin/users', { username: 'sneaky', password: 'Welcome123', name: 'x' }],
      ['PUT', `/api/admin/users/${id}`, { name: 'x' }],
      ['PUT', `/api/admin/users/${id}/status`, { status: 0 }],
      ['PUT', `/api/admin/users/${id}/unlock`],
      ['PUT', `/api/admin/users/${id}/password`, { password: 'Hacked123' }],
      ['PUT', `/api/admin/users/${id}/groups`, { groupIds: [] }],
      ['DELETE', `/api/admin/users/${id}`],
      ['GET', '/api/admin/users/export'],
      ['POST', '/api/admin/users/import'],
      ['GET', '/api/admin/groups'],
      ['GET', '/api/admin/departments'],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(clerk, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().status).toBe(40301);
    }
  });
});
