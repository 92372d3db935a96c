import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface Menu {
  id: number;
  code: string;
  elements: { id: number; code: string }[];
  children: Menu[];
}
const flat = (menus: Menu[]): Menu[] => menus.flatMap((m) => [m, ...flat(m.children)]);

async function setup() {
  const demo = await app().login('demo', 'Demo@123');
  const types = (await call(demo, 'GET', '/api/admin/group-types')).json();
  return { demo, tenantType: types.find((t: { code: string }) => t.code === 'tenant'), types };
}

describe('groups', () => {
  it('lists group types (companies never see the platform type) and the company groups', async () => {
    const { demo, types } = await setup();
    expect(types.map((t: { code: string }) => t.code)).toEqual(['tenant']);
    const admin = await app().login('admin', 'Admin@123');
    expect(
      (await call(admin, 'GET', '/api/admin/group-types')).json().map((t: { code: string }) => t.code),
    ).toEqual(['platform', 'tenant']);
    const list = (await call(demo, 'GET', '/api/admin/groups')).json();
    expect(list.rows.map((g: { code: string }) => g.code)).toEqual(['admin', 'staff']);
    expect(list.rows[0]).toMatchObject({ protected: true, memberCount: 1, groupTypeName: '企业角色' });
    expect((await call(demo, 'GET', '/api/admin/groups?keyword=普通')).json().total).toBe(1);
  });

  it('creates, validates, updates and deletes a group', async () => {
    const { demo, tenantType } = await setup();
    const bad = await call(demo, 'POST', '/api/admin/groups', {
      code: '1x',
      name: '财务',
      groupTypeId: tenantType.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('code');
    expect(bad.json().message).toContain('编码');
    const noName = await call(demo, 'POST', '/api/admin/groups', {
      code: 'finance',
      name: ' ',
      groupTypeId: tenantType.id,
    });
    expect(noName.json().message).toMatch(/name/);
    const created = await call(demo, 'POST', '/api/admin/groups', {
      code: 'finance',
      name: '财务组',
      groupTypeId: tenantType.id,
      description: '财务人员',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ code: 'finance', protected: false, memberCount: 0 });
    const dup = await call(demo, 'POST', '/api/admin/groups', {
      code: 'finance',
      name: '又一个',
      groupTypeId: tenantType.id,
    });
    expect(dup.json().code).toBe('GROUP_CODE_TAKEN');
    const platformType = (
      await call(await app().login('admin', 'Admin@123'), 'GET', '/api/admin/group-types')
    ).json()[0];
    const sneaky = await call(demo, 'POST', '/api/admin/groups', {
      code: 'ops',
      name: '运营',
      groupTypeId: platformType.id,
    });
    expect(sneaky.json().code).toBe('GROUP_TYPE_NOT_FOUND');
    const updated = await call(demo, 'PUT', `/api/admin/groups/${created.json().id}`, {
      name: '财务二组',
      description: '',
    });
    expect(updated.json()).toMatchObject({ name: '财务二组', description: null, code: 'finance' });
    expect((await call(demo, 'DELETE', `/api/admin/groups/${created.json().id}`)).json()).toEqual({
      ok: true,
    });
    expect((await call(demo, 'GET', '/api/admin/groups')).json().total).toBe(2);
  });

  it('refuses to delete the company administrator group', async () => {
    const { demo } = await setup();
    const adminGroup = (await call(demo, 'GET', '/api/admin/groups')).json().rows[0];
    const res = await call(demo, 'DELETE', `/api/admin/groups/${adminGroup.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 30101, code: 'GROUP_PROTECTED' });
  });

  it('manages members within the company and keeps an administrator', async () => {
    const { demo, tenantType } = await setup();
    const users = (await call(demo, 'GET', '/api/admin/users?sort=username')).json().rows;
    const [clerk, demoUser] = users;
    const g = (
      await call(demo, 'POST', '/api/admin/groups', {
        code: 'drawers',
        name: '开票组',
        groupTypeId: tenantType.id,
      })
    ).json();
    const set = await call(demo, 'PUT', `/api/admin/groups/${g.id}/members`, {
      userIds: [clerk.id, demoUser.id],
    });
    expect(set.json().map((m: { username: string }) => m.username)).toEqual(['demo', 'clerk']);
    expect((await call(demo, 'GET', `/api/admin/groups/${g.id}/members`)).json()).toHaveLength(2);
    const brandUser = (
      await call(await app().login('admin', 'Admin@123'), 'GET', '/api/admin/users?keyword=brand')
    ).json().rows[0];
    const foreign = await call(demo, 'PUT', `/api/admin/groups/${g.id}/members`, { userIds: [brandUser.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('userIds');
    const adminGroup = (await call(demo, 'GET', '/api/admin/groups?sort=createdAt'))
      .json()
      .rows.find((r: { code: string }) => r.code === 'admin');
    const empty = await call(demo, 'PUT', `/api/admin/groups/${adminGroup.id}/members`, { userIds: [] });
    expect(empty.json().code).toBe('LAST_TENANT_ADMIN');
    expect((await call(demo, 'GET', `/api/admin/groups/${adminGroup.id}/members`)).json()).toHaveLength(1);
  });

  it('grants only tenant menus the company administrator holds, replacing in one go', async () => {
    const { demo, tenantType } = await setup();
    const g = (
      await call(demo, 'POST', '/api/admin/groups', {
        code: 'viewers',
        name: '只读组',
        groupTypeId: tenantType.id,
      })
    ).json();
    const auth = (await call(demo, 'GET', `/api/admin/groups/${g.id}/authority`)).json();
    const menus = flat(auth.menus);
    const codes = menus.map((m) => m.code);
    expect(codes).toEqual(
      expect.arrayContaining(['orgManager', 'userManager', 'groupManager', 'departManager']),
    );
    expect(codes).not.toContain('menuManager');
    expect(codes).not.toContain('tenantManager');
    expect(auth).toMatchObject({ menuIds: [], elementIds: [] });
    const org = menus.find((m) => m.code === 'orgManager')!;
    const user = menus.find((m) => m.code === 'userManager')!;
    const add = user.elements.find((e) => e.code === 'userManager:btn_add')!;
    const ok = await call(demo, 'PUT', `/api/admin/groups/${g.id}/authority`, {
      menuIds: [org.id, user.id],
      elementIds: [add.id],
    });
    expect(ok.json()).toEqual({ ok: true });
    const again = (await call(demo, 'GET', `/api/admin/groups/${g.id}/authority`)).json();
    expect(again.menuIds.sort()).toEqual([org.id, user.id].sort());
    expect(again.elementIds).toEqual([add.id]);

    const platformMenu = flat(
      (
        await call(await app().login('admin', 'Admin@123'), 'GET', `/api/admin/groups/${g.id}/authority`)
      ).json().menus,
    );
    expect(platformMenu.map((m) => m.code)).not.toContain('tenantManager');
    const admin = await app().login('admin', 'Admin@123');
    const allMenus = (await call(admin, 'GET', '/api/admin/groups?keyword=platform-ops')).json().rows[0];
    const platformTree = flat(
      (await call(admin, 'GET', `/api/admin/groups/${allMenus.id}/authority`)).json().menus,
    );
    const tenantMgr = platformTree.find((m) => m.code === 'tenantManager')!;
    const bad = await call(demo, 'PUT', `/api/admin/groups/${g.id}/authority`, {
      menuIds: [tenantMgr.id],
      elementIds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'NOT_GRANTABLE' });
    expect(bad.json().message).toContain('menuIds');
    expect((await call(demo, 'GET', `/api/admin/groups/${g.id}/authority`)).json().elementIds).toEqual([
      add.id,
    ]);

    // A member gets exactly the granted codes.
    const clerk = (await call(demo, 'GET', '/api/admin/users?keyword=clerk')).json().rows[0];
    await call(demo, 'PUT', `/api/admin/groups/${g.id}/members`, { userIds: [clerk.id] });
    const info = (
      await call(await app().login('clerk', 'Clerk@123'), 'GET', '/api/admin/user/front/info')
    ).json();
    const held = info.elements.map((e: { code: string }) => e.code);
    expect(held).toContain('userManager:btn_add');
    expect(held.filter((c: string) => c.startsWith('userManager:'))).toEqual(['userManager:btn_add']);
    const protectedGroup = (await call(demo, 'GET', '/api/admin/groups'))
      .json()
      .rows.find((r: { code: string }) => r.code === 'admin');
    const locked = await call(demo, 'PUT', `/api/admin/groups/${protectedGroup.id}/authority`, {
      menuIds: [],
      elementIds: [],
    });
    expect(locked.json().code).toBe('GROUP_PROTECTED');
  });

  it('stops a partial holder from handing out more than they hold', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const clerk = await app().login('clerk', 'Clerk@123');
    // From the previous test the clerk holds userManager + btn_add only; give them assign too.
    const viewers = (await call(demo, 'GET', '/api/admin/groups?keyword=viewers')).json().rows[0];
    const auth = flat((await call(demo, 'GET', `/api/admin/groups/${viewers.id}/authority`)).json().menus);
    const user = auth.find((m) => m.code === 'userManager')!;
    const org = auth.find((m) => m.code === 'orgManager')!;
    const els = user.elements
      .filter((e) => ['userManager:btn_add', 'userManager:btn_assign'].includes(e.code))
      .map((e) => e.id);
    await call(demo, 'PUT', `/api/admin/groups/${viewers.id}/authority`, {
      menuIds: [org.id, user.id],
      elementIds: els,
    });
    const adminGroup = (await call(demo, 'GET', '/api/admin/groups'))
      .json()
      .rows.find((r: { code: string }) => r.code === 'admin');
    const me = (await call(clerk, 'GET', '/api/admin/users?keyword=clerk')).json().rows[0];
    const grab = await call(clerk, 'PUT', `/api/admin/users/${me.id}/groups`, {
      groupIds: [viewers.id, adminGroup.id],
    });
    expect(grab.statusCode).toBe(403);
    const mint = await call(clerk, 'POST', '/api/admin/users', {
      username: 'mole',
      password: 'Welcome123',
      name: '内鬼',
      groupIds: [adminGroup.id],
    });
    expect(mint.statusCode).toBe(403);
    expect((await call(demo, 'GET', '/api/admin/users?keyword=mole')).json().total).toBe(0);
  });
});
