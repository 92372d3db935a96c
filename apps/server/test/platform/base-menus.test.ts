import { storedFiles } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, multipart, PNG_BYTES, SVG_ONLOAD, SVG_OK, SVG_SCRIPT, upload } from './base-helpers.ts';
import { useTestApp } from '../harness.ts';

const app = useTestApp();
const admin = () => app().login('admin', 'Admin@123');

describe('menu admin', () => {
  it('serves the tree, the flat list, one menu and the element tree', async () => {
    const token = await admin();
    const tree = (await api(app(), token, 'GET', '/api/admin/menu/tree')).json();
    const base = tree.find((n: { code: string }) => n.code === 'baseManager');
    expect(base).toMatchObject({
      titleZh: '基础配置管理',
      scope: 'tenant',
      path: '/baseManager',
      hidden: false,
    });
    expect(base.children.map((c: { code: string }) => c.code)).toContain('menuManager');

    const filtered = (
      await api(app(), token, 'GET', `/api/admin/menu/tree?title=${encodeURIComponent('租户')}`)
    ).json();
    expect(filtered).toHaveLength(1);
    expect(filtered[0].children.map((c: { code: string }) => c.code)).toEqual(['tenantManager']);

    const under = (await api(app(), token, 'GET', `/api/admin/menu/tree?parentId=${base.id}`)).json();
    expect(under.map((c: { code: string }) => c.code)).toContain('tenantManager');

    const all = (await api(app(), token, 'GET', '/api/admin/menu/all')).json();
    expect(all.length).toBeGreaterThanOrEqual(7);
    const menu = all.find((m: { code: string }) => m.code === 'menuManager');
    expect((await api(app(), token, 'GET', `/api/admin/menu/${menu.id}`)).json()).toMatchObject({
      code: 'menuManager',
      scope: 'platform',
    });
    expect((await api(app(), token, 'GET', '/api/admin/menu/999999')).statusCode).toBe(404);

    const els = (await api(app(), token, 'GET', `/api/admin/menu/elementTree?menuId=${menu.id}`)).json();
    expect(els.map((e: { code: string }) => e.code)).toContain('menuManager:btn_element');
    const full = (await api(app(), token, 'GET', '/api/admin/menu/elementTree')).json();
    const baseFull = full.find((n: { code: string }) => n.code === 'baseManager');
    const tm = baseFull.children.find((c: { code: string }) => c.code === 'tenantManager');
    expect(tm.elements.map((e: { code: string }) => e.code)).toEqual(
      expect.arrayContaining(['tenantManager:btn_add', 'tenantManager:btn_suspend']),
    );
  });

  it('creates, edits and deletes a menu with elements; new tenant menus reach tenant admins', async () => {
    const token = await admin();
    const all = (await api(app(), token, 'GET', '/api/admin/menu/all')).json();
    const org = all.find((m: { code: string }) => m.code === 'orgManager');

    expect(
      (await api(app(), token, 'POST', '/api/admin/menu', { code: '9bad', titleZh: '坏', titleEn: 'Bad' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await api(app(), token, 'POST', '/api/admin/menu', {
          code: 'userManager',
          titleZh: '重',
          titleEn: 'Dup',
        })
      ).json().code,
    ).toBe('MENU_CODE_TAKEN');
    expect(
      (
        await api(app(), token, 'POST', '/api/admin/menu', {
          code: 'orphan',
          titleZh: '孤',
          titleEn: 'Orphan',
          parentId: 999999,
        })
      ).json().code,
    ).toBe('MENU_PARENT_NOT_FOUND');

    const created = await api(app(), token, 'POST', '/api/admin/menu', {
      parentId: org.id,
      code: 'testMenu',
      titleZh: '测试菜单',
      titleEn: 'Test',
      sortOrder: 99,
    });
    expect(created.statusCode).toBe(200);
    const m = created.json();
    expect(m).toMatchObject({
      code: 'testMenu',
      path: '/orgManager/testMenu',
      parentId: org.id,
      scope: 'tenant',
    });

    const badEl = await api(app(), token, 'POST', `/api/admin/menu/${m.id}/elements`, {
      code: 'userManager:btn_x',
      nameZh: '错',
      nameEn: 'x',
    });
    expect(badEl.json().code).toBe('ELEMENT_CODE_PREFIX');
    const el = await api(app(), token, 'POST', `/api/admin/menu/${m.id}/elements`, {
      code: 'testMenu:btn_add',
      nameZh: '新增',
      nameEn: 'Add',
    });
    expect(el.statusCode).toBe(200);
    expect(
      (
        await api(app(), token, 'POST', `/api/admin/menu/${m.id}/elements`, {
          code: 'testMenu:btn_add',
          nameZh: '新增',
          nameEn: 'Add',
        })
      ).json().code,
    ).toBe('ELEMENT_CODE_TAKEN');
    const upd = await api(app(), token, 'PUT', `/api/admin/element/${el.json().id}`, {
      nameZh: '添加',
      nameEn: 'Add',
      sortOrder: 2,
    });
    expect(upd.json()).toMatchObject({ nameZh: '添加', sortOrder: 2, code: 'testMenu:btn_add' });
    expect((await api(app(), token, 'GET', `/api/admin/menu/${m.id}/elements`)).json()).toHaveLength(1);

    // The demo tenant's administrator now holds the new menu and button.
    const demo = await app().login('demo', 'Demo@123');
    const info = (await api(app(), demo, 'GET', '/api/admin/user/front/info')).json();
    expect(info.elements.map((e: { code: string }) => e.code)).toContain('testMenu:btn_add');

    const edited = await api(app(), token, 'PUT', `/api/admin/menu/${m.id}`, {
      parentId: org.id,
      titleZh: '测试菜单2',
      titleEn: 'Test 2',
      hidden: true,
      scope: 'platform',
    });
    expect(edited.json()).toMatchObject({
      titleZh: '测试菜单2',
      hidden: true,
      scope: 'platform',
      code: 'testMenu',
    });
    // Turned platform-only: tenant groups lose it at once.
    const info2 = (await api(app(), demo, 'GET', '/api/admin/user/front/info')).json();
    expect(info2.elements.map((e: { code: string }) => e.code)).not.toContain('testMenu:btn_add');
    expect(
      (
        await api(app(), token, 'PUT', `/api/admin/menu/${org.id}`, {
          parentId: m.id,
          titleZh: '组织管理',
          titleEn: 'Org',
        })
      ).json().code,
    ).toBe('MENU_PARENT_CYCLE');

    const child = (
      await api(app(), token, 'POST', '/api/admin/menu', {
        parentId: m.id,
        code: 'testChild',
        titleZh: '子',
        titleEn: 'Child',
      })
    ).json();
    const refused = await api(app(), token, 'DELETE', `/api/admin/menu/${m.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 30101, code: 'MENU_HAS_CHILDREN' });
    expect((await api(app(), token, 'DELETE', `/api/admin/menu/${child.id}`)).statusCode).toBe(200);
    expect((await api(app(), token, 'DELETE', `/api/admin/menu/${m.id}`)).statusCode).toBe(200);
    expect((await api(app(), token, 'GET', `/api/admin/menu/${m.id}`)).statusCode).toBe(404);
    expect((await api(app(), token, 'DELETE', `/api/admin/element/${el.json().id}`)).statusCode).toBe(404);
  });

  it('deletes an element with its grants', async () => {
    const token = await admin();
    const all = (await api(app(), token, 'GET', '/api/admin/menu/all')).json();
    const users = all.find((m: { code: string }) => m.code === 'userManager');
    const el = (
      await api(app(), token, 'POST', `/api/admin/menu/${users.id}/elements`, {
        code: 'userManager:btn_probe',
        nameZh: '探针',
        nameEn: 'Probe',
      })
    ).json();
    const demo = await app().login('demo', 'Demo@123');
    const has = async () =>
      (await api(app(), demo, 'GET', '/api/admin/user/front/info'))
        .json()
        .elements.map((e: { code: string }) => e.code);
    expect(await has()).toContain('userManager:btn_probe');
    expect((await api(app(), token, 'DELETE', `/api/admin/element/${el.id}`)).statusCode).toBe(200);
    expect(await has()).not.toContain('userManager:btn_probe');
  });

  it('uploads icons by content type and size, rendering SVG to PNG so no script survives', async () => {
    const token = await admin();
    const url = '/api/admin/menu/uploadImgs';
    const ok = await upload(app(), token, url, multipart({ name: 'i.png', data: PNG_BYTES }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const key = ok.json().url.split('/').pop();
    const [rec] = await app().services.db.select().from(storedFiles).where(eq(storedFiles.storageKey, key));
    expect(rec).toMatchObject({ kind: 'menu-icon', mime: 'image/png', originalName: 'i.png' });
    const served = await app().app.inject({ url: ok.json().url });
    expect(served.statusCode).toBe(200);

    expect((await upload(app(), token, url, multipart({ name: 'a.svg', data: SVG_OK }))).json().url).toMatch(
      /^\/uploads\/[0-9a-f-]{36}\.png$/,
    );
    const html = await upload(
      app(),
      token,
      url,
      multipart({ name: 'x.png', data: Buffer.from('<html><body>hi</body></html>'), type: 'image/png' }),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
    for (const svg of [SVG_SCRIPT, SVG_ONLOAD]) {
      const bad = await upload(app(), token, url, multipart({ name: 'x.svg', data: svg }));
      expect(bad.statusCode).toBe(200);
      const stored = await app().app.inject({ url: bad.json().url });
      expect(stored.headers['content-type']).toBe('image/png');
      expect(stored.rawPayload.includes('alert')).toBe(false);
    }
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(app(), token, url, multipart({ name: 'big.png', data: big }));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: '图片大小不能超过 2 MB' });
    // Past the server-wide multipart cap (10 MB) the answer is the same 400, not a 413 or a 500.
    const huge = await upload(
      app(),
      token,
      url,
      multipart({ name: 'huge.png', data: Buffer.concat([PNG_BYTES, Buffer.alloc(11 * 1024 * 1024)]) }),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('FILE_TOO_LARGE');
    expect((await upload(app(), token, url, multipart(null, { a: 'b' }))).json().code).toBe('FILE_REQUIRED');
  });

  it('refuses tenant administrators and anonymous callers', async () => {
    const demo = await app().login('demo', 'Demo@123');
    for (const [method, url] of [
      ['GET', '/api/admin/menu/tree'],
      ['GET', '/api/admin/menu/all'],
      ['GET', '/api/admin/menu/elementTree'],
      ['POST', '/api/admin/menu'],
      ['DELETE', '/api/admin/menu/1'],
    ] as const) {
      const res = await api(
        app(),
        demo,
        method,
        url,
        method === 'POST' ? { code: 'x', titleZh: 'x', titleEn: 'x' } : undefined,
      );
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(40301);
    }
    const icon = await upload(
      app(),
      demo,
      '/api/admin/menu/uploadImgs',
      multipart({ name: 'i.png', data: PNG_BYTES }),
    );
    expect(icon.statusCode).toBe(403);
    expect((await api(app(), null, 'GET', '/api/admin/menu/tree')).statusCode).toBe(401);
  });
});
