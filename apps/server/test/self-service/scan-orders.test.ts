import { invoiceRequests, invoices, scanOrders } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

/**
 * Issue 30 §1–3: scan-to-invoice orders end to end — the seller creates an order, the buyer opens its code,
 * asks with a title, the invoice is issued through sales/invoicing and the buyer gets the result; void, expiry,
 * the approval rule, reject/approve (bulk), concurrent submits, forged and foreign codes.
 */
const app = useTestApp();
const ORDERS = '/api/self-service/orders';
const REQUESTS = '/api/self-service/requests';
const PUB = '/api/public/self-service/orders';

let nextIp = 1;
const newIp = () => `198.51.100.${nextIp++}`;
let demo: string;
let brand: string;

const LINE = { name: '*餐饮服务*餐费', amountFen: 12_800, rate: 'rate_6' };
const TITLE = { kind: 'company', name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' };

async function createOrder(token = demo, body: object = { lines: [LINE] }) {
  const res = await app().app.inject({ method: 'POST', url: ORDERS, headers: bearer(token), payload: body });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as {
    id: number;
    code: string;
    state: string;
    url: string;
    qrSvg: string;
    amountFen: number;
  };
}

function buyer(ip = newIp()) {
  return {
    open: (code: string) => app().app.inject({ url: `${PUB}/${code}`, remoteAddress: ip }),
    submit: (code: string, body: object = { invoiceType: 'digital_ordinary', title: TITLE }) =>
      app().app.inject({ method: 'POST', url: `${PUB}/${code}/requests`, payload: body, remoteAddress: ip }),
    status: (token: string) =>
      app().app.inject({ url: `/api/public/self-service/requests/${token}`, remoteAddress: ip }),
  };
}

const settle = () => app().services.jobs.drain();
const orderRow = async (id: number) =>
  (await app().services.db.select().from(scanOrders).where(eq(scanOrders.id, id)))[0];

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
});

describe('the order journey', () => {
  it('console create → buyer opens → submits → issued → result link', async () => {
    const order = await createOrder();
    expect(order.code).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(order.state).toBe('open');
    expect(order.amountFen).toBe(12_800);
    expect(order.url).toContain(`/webIndex?c=${order.code}`);
    expect(order.qrSvg).toContain('<svg');

    const b = buyer();
    const seen = await b.open(order.code);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ state: 'open', amountFen: 12_800, request: null });
    expect(seen.json().sellerName).toBeTruthy();

    const sub = await b.submit(order.code);
    expect(sub.statusCode, sub.body).toBe(200);
    const token = sub.json().token as string;
    expect(['approved', 'issuing', 'pending']).toContain(sub.json().state);
    await settle();
    await settle();

    const st = await b.status(token);
    expect(st.statusCode).toBe(200);
    expect(st.json().state).toBe('issued');
    const resultCode = st.json().resultCode as string;
    expect(resultCode).toMatch(/^[0-9A-Za-z]{16}$/);
    // The result is delivery's buyer link: the invoice's face and files.
    const link = await app().app.inject({
      url: `/api/public/delivery/links/${resultCode}`,
      remoteAddress: newIp(),
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().invoices[0]).toMatchObject({ buyerName: TITLE.name, totalFen: 12_800 });
    const pdf = await app().app.inject({
      url: `/api/public/delivery/links/${resultCode}/files/pdf`,
      remoteAddress: newIp(),
    });
    expect(pdf.statusCode).toBe(200);

    const again = await b.open(order.code);
    expect(again.json()).toMatchObject({ state: 'invoiced', request: { state: 'issued', resultCode } });
    const row = await orderRow(order.id);
    expect(row.state).toBe('invoiced');
    expect(row.invoiceId).toBeTruthy();

    // Once invoiced the code never asks again.
    const second = await b.submit(order.code);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ORDER_NOT_OPEN');
    const reqs = await app()
      .services.db.select()
      .from(invoiceRequests)
      .where(eq(invoiceRequests.sourceId, order.id));
    expect(reqs.filter((r) => r.source === 'order')).toHaveLength(1);
  });
});
