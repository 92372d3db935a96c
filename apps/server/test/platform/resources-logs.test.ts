import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const gate = '/api/admin/r/gateLogs';
const sandbox = '/api/admin/r/sandboxMessages';

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app().app.inject({ method, url, headers: bearer(token), payload: payload as never });
}

/** The gate-log writer flushes every 500 ms; poll until the rows are there. */
async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('gate log', () => {
  it('shows requests made earlier, filtered by user, path, method, status and time; tenants never see each other', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const admin = await app().login('admin', 'Admin@123');
    const since = new Date(Date.now() - 60_000).toISOString();
    await call('GET', '/api/admin/user/front/info', demo);
    await call('GET', '/api/admin/r/positions/999999', demo); // 404
    await call('GET', '/api/admin/user/front/info', brand);

    const demoRows = await waitFor(async () => {
      const r = (await call('GET', `${gate}?path=front/info&limit=100`, demo)).json();
      return r.total > 0 ? r : undefined;
    });
    expect(demoRows.rows[0]).toMatchObject({
      username: 'demo',
      method: 'GET',
      path: '/api/admin/user/front/info',
      status: 200,
    });
    // A tenant user never sees another tenant's rows.
    const demoAll = (await call('GET', `${gate}?limit=500`, demo)).json();
    expect(demoAll.rows.length).toBeGreaterThan(0);
    expect(demoAll.rows.some((r: { username: string }) => r.username === 'brand')).toBe(false);
    const demoTenant = demoAll.rows[0].tenantId;
    expect(demoAll.rows.every((r: { tenantId: number }) => r.tenantId === demoTenant)).toBe(true);
    expect((await call('GET', `${gate}?username=brand`, demo)).json().total).toBe(0);
    // brand's request may land in a later flush than demo's.
    const brandRow = await waitFor(
      async () => (await call('GET', `${gate}?username=brand&limit=1`, admin)).json().rows[0],
    );
    expect(brandRow.username).toBe('brand');
    expect((await call('GET', `${gate}/${brandRow.id}`, demo)).statusCode).toBe(404);

    // The platform administrator sees every tenant.
    const adminView = await waitFor(async () => {
      const r = (await call('GET', `${gate}?path=front/info&limit=100`, admin)).json();
      const names = new Set(r.rows.map((x: { username: string }) => x.username));
      return names.has('demo') && names.has('brand') ? r : undefined;
    });
    expect(adminView.total).toBeGreaterThanOrEqual(2);

    const notFound = (await call('GET', `${gate}?status=4xx&path=positions`, demo)).json();
    expect(notFound.rows[0]).toMatchObject({ status: 404, path: '/api/admin/r/positions/999999' });
    expect((await call('GET', `${gate}?status=404&path=positions`, demo)).json().total).toBe(notFound.total);
    expect((await call('GET', `${gate}?status=5xx`, demo)).json().total).toBe(0);
    expect((await call('GET', `${gate}?status=abc`, demo)).statusCode).toBe(400);
    expect((await call('GET', `${gate}?method=POST&path=front/info`, demo)).json().total).toBe(0);
    expect(
      (await call('GET', `${gate}?createdAtFrom=${encodeURIComponent(since)}&path=front/info`, demo)).json()
        .total,
    ).toBeGreaterThan(0);
    expect((await call('GET', `${gate}?createdAtTo=2000-01-01&path=front/info`, demo)).json().total).toBe(0);

    // Newest first by default.
    const times = demoAll.rows.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('is read-only and exports a readable xlsx', async () => {
    const demo = await app().login('demo', 'Demo@123');
    expect((await call('POST', gate, demo, {})).statusCode).toBe(404);
    expect((await call('DELETE', `${gate}/1`, demo)).statusCode).toBe(404);
    const res = await call('GET', `${gate}/export?path=front/info`, demo);
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '请求时间',
      '用户名',
      '请求方法',
      '请求路径',
      '状态码',
      '耗时(毫秒)',
      'IP 地址',
      '请求编号',
    ]);
    expect(ws.rowCount).toBeGreaterThan(1);
    expect(ws.getRow(2).getCell(1).text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('sandbox messages (沙箱消息)', () => {
  it('lets platform administrators read the stored verification codes, and no one else', async () => {
    // The old name is gone: "outbox" is the retried work of platform/outbox (任务管理), not a resource.
    expect(
      (await call('GET', '/api/admin/r/outbox', await app().login('admin', 'Admin@123'))).statusCode,
    ).toBe(404);
    const sent = await app().app.inject({
      method: 'POST',
      url: '/api/admin/client/getForgetPwdCode',
      payload: { username: 'demo', target: '13900000001' },
    });
    expect(sent.statusCode).toBe(200);
    const admin = await app().login('admin', 'Admin@123');
    const list = (await call('GET', `${sandbox}?channel=sms&recipient=13900000001`, admin)).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.rows[0]).toMatchObject({ channel: 'sms', recipient: '13900000001' });
    expect(list.rows[0].body).toMatch(/\d{6}/);
    expect((await call('GET', `${sandbox}/${list.rows[0].id}`, admin)).json().id).toBe(list.rows[0].id);
    expect((await call('GET', `${sandbox}?channel=fax`, admin)).statusCode).toBe(400);
    // No export declared: "export" is just an invalid id.
    expect((await call('GET', `${sandbox}/export`, admin)).statusCode).toBe(400);

    const demo = await app().login('demo', 'Demo@123');
    expect((await call('GET', sandbox, demo)).statusCode).toBe(403);
  });
});

describe('clerk (only the userManager menu)', () => {
  it('gets 403 on every resource route', async () => {
    const clerk = await app().login('clerk', 'Clerk@123');
    const routes: [string, string][] = [];
    for (const name of ['positions', 'dictTypes', 'dictItems', 'gateLogs', 'sandboxMessages']) {
      const b = `/api/admin/r/${name}`;
      routes.push(['GET', b], ['GET', `${b}/1`], ['GET', `${b}/export`]);
      if (name !== 'gateLogs' && name !== 'sandboxMessages')
        routes.push(['POST', b], ['PUT', `${b}/1`], ['DELETE', `${b}/1`]);
    }
    for (const [m, url] of routes) {
      if (url.startsWith(sandbox) && url.endsWith('/export')) continue;
      const res = await call(m as 'GET', url, clerk, m === 'GET' || m === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${m} ${url}`).toBe(403);
      expect(res.json().status).toBe(40301);
    }
  });
});
