import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const types = '/api/admin/r/dictTypes';
const items = '/api/admin/r/dictItems';

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app().app.inject({ method, url, headers: bearer(token), payload: payload as never });
}

describe('dictionaries', () => {
  it('lists the seeded types and the items of one type in order', async () => {
    const admin = await app().login('admin', 'Admin@123');
    const list = (await call('GET', `${types}?code=tax`, admin)).json();
    expect(list.rows.map((r: { code: string }) => r.code)).toEqual(['tax_rate']);
    const typeId = list.rows[0].id;
    const its = (await call('GET', `${items}?typeId=${typeId}&limit=50`, admin)).json();
    expect(its.total).toBe(8);
    expect(its.rows[0]).toMatchObject({ value: '0.13', labelZh: '13%', enabled: true, typeId });
  });

  it('creates a type with items, validates, refuses duplicates, and guards deletes', async () => {
    const admin = await app().login('admin', 'Admin@123');
    const bad = await call('POST', types, admin, { code: 'Bad Code', name: '坏' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('类型编码须以小写字母开头');
    expect((await call('POST', types, admin, { code: 'x_type' })).json().message).toContain('请输入类型名称');

    const t = (
      await call('POST', types, admin, {
        code: 'delivery_channel',
        name: '交付渠道',
        description: '发票交付方式',
      })
    ).json();
    expect(t).toMatchObject({ code: 'delivery_channel', name: '交付渠道' });
    const dupType = await call('POST', types, admin, { code: 'delivery_channel', name: '重复' });
    expect(dupType.json()).toMatchObject({ status: 400, message: '类型编码“delivery_channel”已存在' });

    const sms = await call('POST', items, admin, {
      typeId: t.id,
      value: 'sms',
      labelZh: '短信',
      labelEn: 'SMS',
      sortOrder: 1,
    });
    expect(sms.statusCode).toBe(200);
    await call('POST', items, admin, {
      typeId: t.id,
      value: 'email',
      labelZh: '邮件',
      labelEn: 'E-mail',
      sortOrder: 0,
    });
    const off = (
      await call('POST', items, admin, {
        typeId: t.id,
        value: 'fax',
        labelZh: '传真',
        labelEn: 'Fax',
        sortOrder: 2,
        enabled: false,
      })
    ).json();
    const dupItem = await call('POST', items, admin, {
      typeId: t.id,
      value: 'sms',
      labelZh: '短信2',
      labelEn: 'SMS2',
    });
    expect(dupItem.json()).toMatchObject({ status: 400, message: '字典值“sms”已存在' });
    const noEn = await call('POST', items, admin, { typeId: t.id, value: 'x', labelZh: '某' });
    expect(noEn.json().message).toContain('请输入英文名称');
    const orphan = await call('POST', items, admin, {
      typeId: 999_999,
      value: 'x',
      labelZh: '某',
      labelEn: 'x',
    });
    expect(orphan.json()).toMatchObject({ status: 400, code: 'DICT_TYPE_NOT_FOUND' });

    // Any logged-in user reads the enabled items, in order, for select options.
    const clerk = await app().login('clerk', 'Clerk@123');
    const opts = await call('GET', '/api/admin/dict/delivery_channel', clerk);
    expect(opts.statusCode).toBe(200);
    expect(opts.json()).toEqual([
      { value: 'email', labelZh: '邮件', labelEn: 'E-mail' },
      { value: 'sms', labelZh: '短信', labelEn: 'SMS' },
    ]);
    expect((await call('GET', '/api/admin/dict/no_such_type', clerk)).json()).toEqual([]);
    expect((await app().app.inject({ url: '/api/admin/dict/delivery_channel' })).statusCode).toBe(401);

    const enabledOnly = (await call('GET', `${items}?typeId=${t.id}&enabled=false`, admin)).json();
    expect(enabledOnly.rows.map((r: { value: string }) => r.value)).toEqual(['fax']);

    const blocked = await call('DELETE', `${types}/${t.id}`, admin);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('DICT_TYPE_IN_USE');
    const all = (await call('GET', `${items}?typeId=${t.id}`, admin)).json();
    for (const r of all.rows) expect((await call('DELETE', `${items}/${r.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `${items}/${off.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `${types}/${t.id}`, admin)).json()).toEqual({ ok: true });
  });

  it('is platform-only: tenant administrators and the clerk get 403', async () => {
    for (const [u, p] of [
      ['demo', 'Demo@123'],
      ['clerk', 'Clerk@123'],
    ]) {
      const token = await app().login(u, p);
      for (const [m, url] of [
        ['GET', types],
        ['GET', `${types}/1`],
        ['POST', types],
        ['PUT', `${types}/1`],
        ['DELETE', `${types}/1`],
        ['GET', `${types}/export`],
        ['GET', items],
        ['POST', items],
      ] as const) {
        const res = await call(
          m,
          url,
          token,
          m === 'POST' || m === 'PUT' ? { code: 'x', name: 'x' } : undefined,
        );
        expect(res.statusCode, `${u} ${m} ${url}`).toBe(403);
        expect(res.json().status).toBe(40301);
      }
    }
  });

  it('exports dictionary items with 是/否 for booleans', async () => {
    const admin = await app().login('admin', 'Admin@123');
    const t = (await call('GET', `${types}?code=user_status`, admin)).json().rows[0];
    const res = await call('GET', `${items}/export?typeId=${t.id}`, admin);
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '字典值', '中文名称', '英文名称', '排序', '启用']);
    expect(ws.getRow(2).values).toEqual([undefined, '1', '启用', 'Active', 0, '是']);
  });
});
