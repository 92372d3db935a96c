import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

const app = useTestApp();

describe('invoices are tenant-scoped', () => {
  it('another tenant cannot get, list or retry them; list filters and pages', async () => {
    const demo = api(app(), await app().login('demo', 'Demo@123'));
    const agent = api(app(), await app().login('agent', 'Agent@123'));
    const a = (await demo.create(invoiceBody())).json();
    const b = (await demo.create(invoiceBody({ type: 'digital_ordinary', submit: false }))).json();
    const mine = (await agent.create(invoiceBody())).json();
    await demo.settled();

    expect((await agent.get(a.id)).statusCode).toBe(404);
    expect((await agent.retry(a.id)).statusCode).toBe(404);
    const agentList = (await agent.list()).json();
    expect(agentList.rows.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect(agentList.total).toBe(1);

    const all = (await demo.list()).json();
    expect(all.total).toBe(2);
    expect(all.rows.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    const issued = (await demo.list('?status=issued')).json();
    expect(issued.rows.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const ordinary = (await demo.list('?type=digital_ordinary')).json();
    expect(ordinary.rows.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const paged = (await demo.list('?limit=1&page=2')).json();
    expect(paged).toMatchObject({ total: 2, rows: [{ id: a.id }] });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await demo.list(`?dateFrom=${today}&dateTo=${today}`)).json().total).toBe(2);
    expect((await demo.list('?dateTo=2000-01-01')).json().total).toBe(0);
    expect((await demo.list('?status=nope')).statusCode).toBe(400);
  });

  it('the same clientSerial in two tenants gives two invoices', async () => {
    const demo = api(app(), await app().login('demo', 'Demo@123'));
    const agent = api(app(), await app().login('agent', 'Agent@123'));
    const body = invoiceBody();
    const x = (await demo.create(body)).json();
    const y = (await agent.create(body)).json();
    expect(x.id).not.toBe(y.id);
    expect(y.sellerName).toBe('北京代账服务有限公司');
    await demo.settled();
  });

  it('platform accounts cannot issue', async () => {
    const admin = api(app(), await app().login('admin', 'Admin@123'));
    const res = await admin.create(invoiceBody());
    expect(res.statusCode).toBe(403);
  });
});
