import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const base = '/api/admin/r/positions';

async function tokens() {
  const t = app();
  return {
    demo: await t.login('demo', 'Demo@123'),
    brand: await t.login('brand', 'Brand@123'),
    admin: await t.login('admin', 'Admin@123'),
  };
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app().app.inject({ method, url, headers: bearer(token), payload: payload as never });
}

describe('positions resource', () => {
  it('creates, reads, lists with filters and sort, updates and deletes', async () => {
    const { demo } = await tokens();
    const created = await call('POST', base, demo, {
      name: '测试主管',
      code: 'T-FIN-01',
      description: '负责开票审核',
      sortOrder: 2,
    });
    expect(created.statusCode).toBe(200);
    const row = created.json();
    expect(row).toMatchObject({
      id: expect.any(Number),
      name: '测试主管',
      code: 'T-FIN-01',
      sortOrder: 2,
      tenantId: expect.any(Number),
    });
    await call('POST', base, demo, { name: '测试开票', code: 'T-CLERK' });

    const got = await call('GET', `${base}/${row.id}`, demo);
    expect(got.json()).toMatchObject({ id: row.id, code: 'T-FIN-01' });

    const list = await call('GET', `${base}?page=1&limit=20&name=${encodeURIComponent('测试主')}`, demo);
    expect(list.json()).toMatchObject({ total: 1, rows: [{ code: 'T-FIN-01' }] });
    const sorted = (await call('GET', `${base}?sort=-code&code=T-`, demo)).json();
    expect(sorted.rows.map((r: { code: string }) => r.code)).toEqual(['T-FIN-01', 'T-CLERK']);
    // No sort: the declared default (sortOrder). An unknown key is refused, never looked up (issue 12 §5).
    const byDefault = (await call('GET', `${base}?code=T-`, demo)).json();
    expect(byDefault.rows.map((r: { code: string }) => r.code)).toEqual(['T-CLERK', 'T-FIN-01']);
    for (const sort of ['passwordHash', '__proto__']) {
      const refused = await call('GET', `${base}?sort=${sort}&code=T-`, demo);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('字段 sort'),
      });
    }
    // LIKE wildcards in the search text are literal.
    expect((await call('GET', `${base}?code=%25`, demo)).json().total).toBe(0);

    const updated = await call('PUT', `${base}/${row.id}`, demo, {
      name: '测试经理',
      code: 'T-FIN-01',
      description: null,
      sortOrder: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: '测试经理', description: null, sortOrder: 1 });
    // Only what is given changes: a name-only edit keeps the order (no default of 0 written over it).
    const renamed = await call('PUT', `${base}/${row.id}`, demo, { name: '测试总监' });
    expect(renamed.json()).toMatchObject({ name: '测试总监', code: 'T-FIN-01', sortOrder: 1 });

    expect((await call('DELETE', `${base}/${row.id}`, demo)).json()).toEqual({ ok: true });
    expect((await call('GET', `${base}/${row.id}`, demo)).statusCode).toBe(404);
  });

  it('answers validation problems with a Chinese 400 naming the field', async () => {
    const { demo } = await tokens();
    const missing = await call('POST', base, demo, { code: 'X1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(missing.json().message).toContain('请输入岗位名称');

    const long = await call('POST', base, demo, { name: 'a'.repeat(65), code: 'X2' });
    expect(long.json().message).toContain('岗位名称不能超过64个字符');

    const bad = await call('POST', base, demo, { name: '岗位', code: '含空格 的编码' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('岗位编码只能包含字母、数字、下划线和短横线');

    const order = await call('POST', base, demo, { name: '岗位', code: 'X3', sortOrder: -1 });
    expect(order.json().message).toContain('排序不能小于0');

    const filter = await call('GET', `${base}?limit=100000`, demo);
    expect(filter.statusCode).toBe(400);
  });

  it('refuses a duplicate code within a tenant with a 400 naming the field, but allows it in another tenant', async () => {
    const { demo, brand } = await tokens();
    expect((await call('POST', base, demo, { name: '销售', code: 'SALES' })).statusCode).toBe(200);
    const dup = await call('POST', base, demo, { name: '销售二部', code: 'SALES' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ status: 400, code: 'DUPLICATE', message: '岗位编码“SALES”已存在' });
    expect((await call('POST', base, brand, { name: '销售', code: 'SALES' })).statusCode).toBe(200);

    // Renaming onto an existing code is caught the same way.
    const other = (await call('POST', base, demo, { name: '采购', code: 'BUY' })).json();
    const clash = await call('PUT', `${base}/${other.id}`, demo, { name: '采购', code: 'SALES' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe('岗位编码“SALES”已存在');
  });

  it('isolates tenants: another tenant’s row is invisible, 404 on get/update/delete, and unchanged', async () => {
    const { demo, brand } = await tokens();
    const mine = (await call('POST', base, demo, { name: '仅演示可见', code: 'DEMO-ONLY' })).json();

    const brandList = (await call('GET', `${base}?limit=500`, brand)).json();
    expect(brandList.rows.map((r: { id: number }) => r.id)).not.toContain(mine.id);
    expect(brandList.rows.every((r: { tenantId: number }) => r.tenantId !== mine.tenantId)).toBe(true);
    expect((await call('GET', `${base}?code=DEMO-ONLY`, brand)).json().total).toBe(0);

    expect((await call('GET', `${base}/${mine.id}`, brand)).statusCode).toBe(404);
    const put = await call('PUT', `${base}/${mine.id}`, brand, { name: '被篡改', code: 'HACK' });
    expect(put.statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${mine.id}`, brand)).statusCode).toBe(404);

    const after = (await call('GET', `${base}/${mine.id}`, demo)).json();
    expect(after).toMatchObject({ name: '仅演示可见', code: 'DEMO-ONLY' });

    // A tenant cannot plant a row in another tenant by naming its id.
    const planted = (
      await call('POST', base, brand, { name: '越权', code: 'PLANT', tenantId: mine.tenantId })
    ).json();
    expect(planted.tenantId).not.toBe(mine.tenantId);
  });

  it('lets the platform administrator see every tenant and requires a tenant when creating', async () => {
    const { admin, demo } = await tokens();
    const mine = (await call('POST', base, demo, { name: '平台可见', code: 'PLATFORM-SEE' })).json();
    expect((await call('GET', `${base}/${mine.id}`, admin)).statusCode).toBe(200);
    const noTenant = await call('POST', base, admin, { name: '无企业', code: 'NOTENANT' });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().code).toBe('TENANT_REQUIRED');
    const named = await call('POST', base, admin, {
      name: '指定企业',
      code: 'NAMED',
      tenantId: mine.tenantId,
    });
    expect(named.json().tenantId).toBe(mine.tenantId);
  });

  it('refuses to delete a position still held by a user', async () => {
    const t = app();
    const { demo } = await tokens();
    const p = (await call('POST', base, demo, { name: '在用岗位', code: 'IN-USE' })).json();
    const { users } = await import('@fpy/db');
    const { eq } = await import('drizzle-orm');
    const [clerk] = await t.services.db
      .select({ positionId: users.positionId })
      .from(users)
      .where(eq(users.username, 'clerk'));
    await t.services.db.update(users).set({ positionId: p.id }).where(eq(users.username, 'clerk'));
    const del = await call('DELETE', `${base}/${p.id}`, demo);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ status: 30101, code: 'POSITION_IN_USE' });
    await t.services.db
      .update(users)
      .set({ positionId: clerk.positionId })
      .where(eq(users.username, 'clerk'));
    expect((await call('DELETE', `${base}/${p.id}`, demo)).statusCode).toBe(200);
  });

  it('exports the filtered list as a readable xlsx with Chinese headers', async () => {
    const { demo } = await tokens();
    await call('POST', base, demo, { name: '导出岗位', code: 'EXPORT-1' });
    const res = await call('GET', `${base}/export?code=EXPORT`, demo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('岗位_'));
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '岗位名称', '岗位编码', '描述', '排序', '创建时间']);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(2).text).toBe('EXPORT-1');
    expect(ws.getRow(2).getCell(5).text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
