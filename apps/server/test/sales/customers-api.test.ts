import { describe, expect, it } from 'vitest';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BASE = '/api/billing/v1/customers';
const VALID = '91330106MA2B2ABCDN'; // not one of the demo seed's customers
const BAD_CHECKSUM = '91350100M0001TGQXM'; // legal pilot-region code that fails the checksum (§5.1)

const get = (token: string, url: string) => app().app.inject({ url, headers: bearer(token) });
const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });
const list = async (token: string, keyword: string) =>
  (await get(token, `${BASE}?keyword=${encodeURIComponent(keyword)}`)).json();

describe('customers (buyer titles)', () => {
  it('creates, finds by name, tax number and initials, suggests, updates and deletes', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const res = await send(demo, 'POST', BASE, {
      name: '杭州测试客户科技有限公司',
      taxNumber: VALID.toLowerCase(),
      address: '杭州市西湖区文三路1号',
      email: 'ap@test.example',
      defaultInvoiceType: 'digital_special',
    });
    expect(res.statusCode).toBe(200);
    const { customer, warnings } = res.json();
    expect(warnings).toEqual([]);
    expect(customer).toMatchObject({
      taxNumber: VALID,
      naturalPerson: false,
      defaultInvoiceType: 'digital_special',
    });
    for (const q of ['测试客户', VALID.slice(0, 10), 'hzcskh'])
      expect((await list(demo, q)).rows[0]?.id, q).toBe(customer.id);
    const suggest = await get(demo, `${BASE}/suggest?q=${encodeURIComponent('杭州测试')}`);
    expect(suggest.json()[0].id).toBe(customer.id);
    expect((await get(demo, `${BASE}/${customer.id}`)).json().name).toBe('杭州测试客户科技有限公司');
    const upd = await send(demo, 'PUT', `${BASE}/${customer.id}`, {
      name: '杭州测试客户科技股份有限公司',
      taxNumber: VALID,
    });
    // An update changes only what it is given (issue 12 §5): the default type stays until cleared with null.
    expect(upd.json().customer).toMatchObject({
      name: '杭州测试客户科技股份有限公司',
      defaultInvoiceType: 'digital_special',
    });
    const cleared = await send(demo, 'PUT', `${BASE}/${customer.id}`, { defaultInvoiceType: null });
    expect(cleared.json().customer).toMatchObject({
      name: '杭州测试客户科技股份有限公司',
      taxNumber: VALID,
      defaultInvoiceType: null,
    });
    expect((await send(demo, 'DELETE', `${BASE}/${customer.id}`)).json()).toEqual({ ok: true });
    expect((await get(demo, `${BASE}/${customer.id}`)).statusCode).toBe(404);
  });

  it('checks tax numbers: malformed → 400, checksum → saved with a warning, duplicate → 400', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const bad = await send(demo, 'POST', BASE, { name: '坏税号公司', taxNumber: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('纳税人识别号“12345”格式不正确');
    const missing = await send(demo, 'POST', BASE, { name: '坏税号公司' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('企业客户必须填写');
    expect((await list(demo, '坏税号')).total).toBe(0);

    const warn = await send(demo, 'POST', BASE, { name: '试点地区公司', taxNumber: BAD_CHECKSUM });
    expect(warn.statusCode).toBe(200);
    expect(warn.json().warnings[0]).toContain('校验位不符');
    const dup = await send(demo, 'POST', BASE, { name: '重复公司', taxNumber: BAD_CHECKSUM });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(`纳税人识别号“${BAD_CHECKSUM}”的客户已存在`);
  });

  it('lets natural persons omit the tax number but only default to 普票', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const a = await send(demo, 'POST', BASE, {
      name: '李自然',
      naturalPerson: true,
      defaultInvoiceType: 'digital_ordinary',
    });
    expect(a.statusCode).toBe(200);
    const b = await send(demo, 'POST', BASE, { name: '李自然二', naturalPerson: true });
    expect(b.statusCode).toBe(200);
    const special = await send(demo, 'POST', BASE, {
      name: '李专票',
      naturalPerson: true,
      defaultInvoiceType: 'digital_special',
    });
    expect(special.statusCode).toBe(400);
    expect(special.json().message).toContain('自然人客户只能开具普通发票');
    const badType = await send(demo, 'POST', BASE, {
      name: '李类型',
      naturalPerson: true,
      defaultInvoiceType: 'vat_17',
    });
    expect(badType.statusCode).toBe(400);
    expect(
      (await get(demo, `${BASE}?naturalPerson=true&keyword=${encodeURIComponent('李')}`)).json().total,
    ).toBe(2);
  });

  it('isolates tenants: list, suggest, get, update and delete', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const { customer } = (
      await send(demo, 'POST', BASE, { name: '隔离客户有限公司', taxNumber: '91440300MA5G7CKN2X' })
    ).json();
    expect((await list(brand, '隔离客户')).total).toBe(0);
    expect((await get(brand, `${BASE}/suggest?q=${encodeURIComponent('隔离')}`)).json()).toEqual([]);
    expect((await get(brand, `${BASE}/${customer.id}`)).statusCode).toBe(404);
    expect(
      (await send(brand, 'PUT', `${BASE}/${customer.id}`, { name: '被改', taxNumber: VALID })).statusCode,
    ).toBe(404);
    expect((await send(brand, 'DELETE', `${BASE}/${customer.id}`)).statusCode).toBe(404);
    expect((await get(demo, `${BASE}/${customer.id}`)).json().name).toBe('隔离客户有限公司');
    // The same tax number may be a customer of another company.
    expect(
      (await send(brand, 'POST', BASE, { name: '隔离客户有限公司', taxNumber: '91440300MA5G7CKN2X' }))
        .statusCode,
    ).toBe(200);
  });

  it('needs the myCustomer menu to read and its buttons to change, except for suggest', async () => {
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await get(clerk, BASE)).statusCode).toBe(200);
    expect((await send(clerk, 'POST', BASE, { name: 'x', naturalPerson: true })).statusCode).toBe(403);
    expect((await get(clerk, `${BASE}/suggest?q=${encodeURIComponent('上海')}`)).statusCode).toBe(200);
    const nobody = await bareUserToken(app());
    expect((await get(nobody, BASE)).statusCode).toBe(403);
    expect((await get(nobody, `${BASE}/suggest?q=${encodeURIComponent('上海')}`)).statusCode).toBe(200);
  });
});
