import { commodities, customers, invoices } from '@fpy/db';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { calculateDraft } from '../../src/modules/sales/invoice-calc/calculate.ts';
import { multipart, newCreditCode } from '../platform/base-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * Issue 12 §5: every request an attacker (or a careless client) found answering 500 is a 400 with
 * VALIDATION_FAILED (or a specific code) whose message names the field, and nothing is half-written. Then §5's
 * second part: an update changes only the fields it is given.
 */
const app = useTestApp();
let demo: string;
let admin: string;

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  admin = await app().login('admin', 'Admin@123');
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  app().app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A 400 whose message names the field in the words every validation failure uses. */
function refused(res: LightMyRequestResponse, field: string, code = 'VALIDATION_FAILED') {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code, res.body).toBe(code);
  expect(body.message, res.body).toContain(`字段 ${field}`);
  return body as { message: string };
}

const rows = async (table: typeof customers | typeof commodities | typeof invoices) =>
  (await app().services.db.select({ n: count() }).from(table))[0].n;

const CUSTOMERS = '/api/billing/v1/customers';
const GOODS = '/api/billing/v1/userCommodityCode';

describe('ids beyond PostgreSQL int4', () => {
  it('answers the reported requests with 400 naming the field', async () => {
    refused(await call(demo, 'GET', '/api/billing/v1/invoices/2147483648'), 'id');
    refused(await call(demo, 'GET', `${CUSTOMERS}/99999999999`), 'id');
    refused(await call(demo, 'POST', `${GOODS}/removeCommodityCodeList`, { ids: [2147483648] }), 'ids.0');
    refused(await call(demo, 'PUT', '/api/admin/users/3/groups', { groupIds: [2147483648] }), 'groupIds.0');
    // The largest int4 is an id like any other: not found, not a crash.
    expect((await call(demo, 'GET', `${CUSTOMERS}/2147483647`)).statusCode).toBe(404);
  });

  it('refuses them in every part of a request: query, comma lists, bodies, declared resources', async () => {
    refused(await call(demo, 'GET', '/api/billing/v1/red-letter/blue-invoice?id=2147483648'), 'id');
    refused(await call(demo, 'GET', '/api/billing/v1/invoice-print/details?ids=1,2147483648'), 'ids.1');
    refused(await call(demo, 'GET', `/api/billing/v1/invoice-print/details?ids=${'9'.repeat(40)}`), 'ids.0');
    refused(
      await call(demo, 'GET', '/api/billing/v1/opener-profiles?departmentId=2147483648'),
      'departmentId',
    );
    refused(
      await call(demo, 'POST', '/api/billing/v1/opener-profiles', {
        role: 'drawer',
        name: '张三',
        departmentId: 2147483648,
      }),
      'departmentId',
    );
    refused(
      await call(demo, 'POST', '/api/billing/v1/red-letter/forms', {
        blueInvoiceId: 2147483648,
        reason: 'issue_error',
      }),
      'blueInvoiceId',
    );
    refused(await call(admin, 'GET', '/api/admin/r/dictItems?typeId=2147483648'), 'typeId');
    refused(
      await call(admin, 'POST', '/api/admin/r/dictItems', {
        typeId: 2147483648,
        value: 'x',
        labelZh: 'x',
        labelEn: 'x',
      }),
      'typeId',
    );
  });

  it('writes nothing when one id of a batch is out of range', async () => {
    const made = await call(demo, 'POST', GOODS, {
      name: '越界批量删除测试',
      taxCode: '3040201030000000000',
      rate: 'rate_6',
    });
    expect(made.statusCode, made.body).toBe(200);
    const before = await rows(commodities);
    refused(
      await call(demo, 'POST', `${GOODS}/removeCommodityCodeList`, { ids: [made.json().id, 2147483648] }),
      'ids.1',
    );
    expect(await rows(commodities)).toBe(before);
    expect(
      (await call(demo, 'GET', `${GOODS}/queryList?name=${encodeURIComponent('越界批量删除测试')}`)).json()
        .total,
    ).toBe(1);
  });
});

describe('NUL bytes and control characters in text', () => {
  it('refuses them on the anonymous routes: login, forgotten password, registration, tracking', async () => {
    refused(
      await app().app.inject({
        method: 'POST',
        url: '/api/auth/oauth/token',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
        },
        payload: 'username=de%00mo&password=x&grant_type=password',
      }),
      'username',
    );
    refused(
      await call(null, 'POST', '/api/admin/client/getForgetPwdCode', {
        username: 'de\u0000mo',
        target: '13800000000',
      }),
      'username',
    );
    refused(
      await call(null, 'PUT', '/api/admin/client/forgetPwd', {
        username: 'de\u0000mo',
        code: '123456',
        password: 'x',
      }),
      'username',
    );
    refused(await call(null, 'POST', '/api/admin/register', { username: 'de\u0000mo' }), 'username');
    refused(await call(null, 'POST', '/v1/userEventTrans', { event: 'a\u0000b' }), 'event');
  });

  it('refuses them in query strings, path parameters and nested bodies, naming the field', async () => {
    refused(await call(demo, 'GET', `${CUSTOMERS}?keyword=a%00b`), 'keyword');
    refused(await call(demo, 'GET', `${CUSTOMERS}/suggest?q=a%00b`), 'q');
    refused(await call(demo, 'GET', '/api/admin/users?keyword=a%00b'), 'keyword');
    refused(await call(demo, 'GET', '/api/admin/groups?keyword=a%00b'), 'keyword');
    refused(await call(demo, 'GET', '/api/billing/v1/red-letter/blue-invoice?number=a%00b'), 'number');
    refused(await call(demo, 'GET', '/api/admin/dict/a%00b'), 'typeCode');
    refused(await call(demo, 'GET', '/api/admin/r/positions?name=a%00b'), 'name');
    refused(
      await call(demo, 'POST', '/api/billing/v1/productNameCorrespondSku/findData', { keyword: 'a\u0000b' }),
      'keyword',
    );
    refused(
      await call(demo, 'POST', '/api/billing/v1/invoice/calculate', {
        type: 'digital_ordinary',
        pricingMode: 'exclusive',
        buyer: { name: '买方' },
        lines: [{ name: '服务\u0000费', amount: 100, rate: 'rate_6' }],
      }),
      'lines.0.name',
    );
  });

  it('writes nothing for a body with a NUL byte or another control character', async () => {
    const before = await rows(customers);
    refused(await call(demo, 'POST', CUSTOMERS, { name: '客户\u0000名', naturalPerson: true }), 'name');
    const tab = refused(
      await call(demo, 'POST', CUSTOMERS, { name: '客户\u0007名', naturalPerson: true }),
      'name',
    );
    expect(tab.message).toContain('不能包含控制字符');
    refused(await call(demo, 'POST', '/api/admin/r/positions', { name: 'a\u0000b', code: 'NUL1' }), 'name');
    refused(
      await call(demo, 'POST', '/api/billing/v1/print-settings', {
        printerName: 'a\u0000b',
        offsetX: 0,
        offsetY: 0,
      }),
      'printerName',
    );
    expect(await rows(customers)).toBe(before);
  });

  it('refuses a multipart text field holding a NUL byte', async () => {
    const m = multipart({ name: 'customers.xlsx', data: Buffer.from('not read') }, { note: 'a\u0000b' });
    refused(
      await app().app.inject({
        method: 'POST',
        url: `${CUSTOMERS}/import`,
        headers: { ...bearer(demo), ...m.headers },
        payload: m.payload,
      }),
      'note',
    );
  });

  it('answers a multipart body cut off before its closing boundary with 400, on an Excel and an image route', async () => {
    const boundary = '----cut-off';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nxx`;
    for (const url of [`${CUSTOMERS}/import`, '/api/billing/v1/seal']) {
      const res = await app().app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(demo), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().code, url).toBe('UPLOAD_MALFORMED');
    }
  });

  it('refuses on the invoice face what the face cannot print', async () => {
    const body = refused(
      await call(demo, 'POST', CUSTOMERS, { name: '云帆😀科技', naturalPerson: true }),
      'name',
    );
    expect(body.message).toContain('发票上无法打印的字符');
  });
});

describe('sort keys', () => {
  it('refuses __proto__, constructor and unknown keys on every list and export that sorts', async () => {
    const urls: [string, string][] = [
      [demo, `${CUSTOMERS}?sort=__proto__`],
      [demo, `${CUSTOMERS}/export?sort=__proto__`],
      [demo, `${GOODS}/queryList?sort=constructor`],
      [demo, `${GOODS}/export?sort=__proto__`],
      [demo, '/api/admin/users?sort=-__proto__'],
      [demo, '/api/admin/users/export?keyword=__proto__&sort=__proto__'],
      [demo, '/api/admin/groups?sort=toString'],
      [demo, '/api/billing/v1/invoices?sort=__proto__'],
      [demo, '/api/billing/v1/invoice-query?sort=__proto__'],
      [demo, '/api/billing/v1/invoice-query/export?sort=passwordHash'],
      [demo, '/api/billing/v1/invoice-review/pending?sort=__proto__'],
      [demo, '/api/billing/v1/red-letter/forms?sort=__proto__'],
      [demo, '/api/billing/v1/invoice-print?sort=__proto__'],
      [demo, '/api/admin/r/positions?sort=__proto__'],
      [admin, '/api/admin/tenants?sort=__proto__'],
      [admin, '/api/admin/r/gateLogs/export?sort=constructor'],
    ];
    for (const [token, url] of urls) refused(await call(token, 'GET', url), 'sort');
    // An allowed key still sorts, and `keyword=__proto__` alone is just a search for that text.
    expect((await call(demo, 'GET', `${CUSTOMERS}?sort=-name`)).statusCode).toBe(200);
    expect((await call(demo, 'GET', `${CUSTOMERS}/export?keyword=__proto__`)).statusCode).toBe(200);
  });
});

describe('dates', () => {
  it('refuses days that do not exist, which 2026-02-30 once passed as', async () => {
    for (const day of ['9999-99-99', '0000-00-00', '2026-02-30', '2026-13-01'])
      refused(await call(demo, 'GET', `/api/billing/v1/invoice-query?dateFrom=${day}`), 'dateFrom');
    refused(await call(demo, 'GET', '/api/billing/v1/invoices?dateTo=2026-02-30'), 'dateTo');
    refused(await call(demo, 'GET', '/api/billing/v1/invoice-stats?dateFrom=0000-00-00'), 'dateFrom');
    refused(await call(demo, 'GET', '/api/billing/v1/red-letter/forms?dateFrom=9999-99-99'), 'dateFrom');
    refused(await call(demo, 'GET', '/api/billing/v1/invoice-print?dateTo=2026-02-30'), 'dateTo');
    refused(
      await call(demo, 'GET', '/api/billing/v1/invoice-review/pending?dateFrom=2026-02-30'),
      'dateFrom',
    );
    refused(await call(admin, 'GET', '/api/admin/r/gateLogs?createdAtFrom=2026-02-30'), 'createdAtFrom');
    expect((await call(demo, 'GET', '/api/billing/v1/invoice-query?dateFrom=2024-02-29')).statusCode).toBe(
      200,
    );
  });
});

describe('money and figures', () => {
  const draft = (line: Record<string, unknown>) => ({
    type: 'digital_ordinary',
    pricingMode: 'exclusive',
    buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
    lines: [{ name: '*信息技术服务*维护费', taxCode: '3040201030000000000', rate: 'rate_6', ...line }],
  });
  const CALC = '/api/billing/v1/invoice/calculate';

  it('refuses a 40-digit unit price on calculate, on an invoice and on a commodity', async () => {
    const huge = `1${'0'.repeat(39)}`;
    refused(await call(demo, 'POST', CALC, draft({ quantity: '1', unitPrice: huge })), 'lines.0.unitPrice');
    const before = await rows(invoices);
    refused(
      await call(demo, 'POST', '/api/billing/v1/invoices', {
        clientSerial: 'HOSTILE-1',
        ...draft({ quantity: '1', unitPrice: huge }),
      }),
      'lines.0.unitPrice',
    );
    expect(await rows(invoices)).toBe(before);
    refused(
      await call(demo, 'POST', GOODS, {
        name: '大单价',
        taxCode: '3040201030000000000',
        rate: 'rate_6',
        unitPrice: huge,
      }),
      'unitPrice',
    );
  });

  it('refuses quantity × price past the 12-digit rule, and amounts in fen past it', async () => {
    const body = refused(
      await call(demo, 'POST', CALC, draft({ quantity: '999999999999', unitPrice: '999999999999' })),
      'lines.0.unitPrice',
    );
    expect(body.message).toContain('数量×单价超出范围');
    refused(await call(demo, 'POST', CALC, draft({ amount: 1e20 })), 'lines.0.amount');
    refused(await call(demo, 'GET', '/api/billing/v1/invoice-query?amountMin=9007199254740993'), 'amountMin');
    refused(
      await call(admin, 'PUT', '/api/billing/v1/creditLine', { tenantId: 1, monthlyLimitFen: 1e20 }),
      'monthlyLimitFen',
    );
    refused(await call(demo, 'GET', `${CUSTOMERS}?page=1e300`), 'page');
  });

  it('turns an overflow that reaches the engine into AMOUNT_OUT_OF_RANGE, never a crash', () => {
    // Past the contract (as a future caller might): quantity × price = 10^30 yuan cannot be written in words.
    const d = {
      ...draft({ quantity: '1000000000000000', unitPrice: '1000000000000000' }),
      colour: 'blue' as const,
    };
    let err: unknown;
    try {
      calculateDraft(d as never);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ httpStatus: 400, code: 'AMOUNT_OUT_OF_RANGE' });
    expect((err as Error).message).toContain('价税合计超出范围');
  });
});

describe('an update changes only what it is given', () => {
  const get = async (url: string, token = demo) => {
    const res = await call(token, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const put = async (url: string, payload: object, token = demo) => {
    const res = await call(token, 'PUT', url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const post = async (url: string, payload: object, token = demo) => {
    const res = await call(token, 'POST', url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('PUT /api/admin/users/:id with only a name keeps phone, e-mail, department, position and description', async () => {
    const options = await get('/api/admin/users/options');
    const department = options.departments[0];
    const position = options.positions[0];
    expect(department && position).toBeTruthy();
    const user = await post('/api/admin/users', {
      username: 'partial.user',
      password: 'Partial@2024',
      name: '部分更新',
      phone: '13912345678',
      email: 'partial@example.com',
      departmentId: department.id,
      positionId: position.id,
      description: '原描述',
    });
    const renamed = await put(`/api/admin/users/${user.id}`, { name: '只改姓名' });
    expect(renamed).toMatchObject({
      name: '只改姓名',
      phone: '13912345678',
      email: 'partial@example.com',
      departmentId: department.id,
      positionId: position.id,
      description: '原描述',
    });
    expect(await get(`/api/admin/users/${user.id}`)).toMatchObject({
      phone: '13912345678',
      positionId: position.id,
    });
    // Clearing still works, with null or a blank.
    expect(await put(`/api/admin/users/${user.id}`, { phone: null, email: '' })).toMatchObject({
      name: '只改姓名',
      phone: null,
      email: null,
      departmentId: department.id,
    });
  });

  it('an update that gives no field changes nothing and answers the record as it is', async () => {
    const user = (await get('/api/admin/users?keyword=clerk')).rows[0];
    expect(await put(`/api/admin/users/${user.id}`, {})).toMatchObject({
      name: user.name,
      phone: user.phone,
    });
    const customer = (await get(CUSTOMERS)).rows[0];
    expect((await put(`${CUSTOMERS}/${customer.id}`, { unknown: { a: 1 } })).customer).toMatchObject({
      name: customer.name,
    });
    const dept = (await get('/api/admin/departments'))[0];
    expect(await put(`/api/admin/departments/${dept.id}`, {})).toMatchObject({ name: dept.name });
    const company = await get('/api/admin/company');
    expect(await put('/api/admin/company', {})).toMatchObject({
      name: company.name,
      creditCodeWarning: null,
    });
    const position = (await get('/api/admin/r/positions')).rows[0];
    expect(await put(`/api/admin/r/positions/${position.id}`, {})).toMatchObject({ name: position.name });
    const dictType = (await get('/api/admin/r/dictTypes', admin)).rows[0];
    expect(await put(`/api/admin/r/dictTypes/${dictType.id}`, {}, admin)).toMatchObject({
      code: dictType.code,
    });
  });

  it('customers, commodities and the name–SKU map keep every field not sent', async () => {
    const { customer } = await post(CUSTOMERS, {
      name: '部分更新客户有限公司',
      taxNumber: newCreditCode(),
      address: '上海市徐汇区',
      phone: '021-12345678',
      bank: '招商银行',
      account: '6225',
      defaultInvoiceType: 'digital_special',
    });
    const c2 = (await put(`${CUSTOMERS}/${customer.id}`, { address: '上海市浦东新区' })).customer;
    expect(c2).toMatchObject({
      name: '部分更新客户有限公司',
      address: '上海市浦东新区',
      phone: '021-12345678',
      bank: '招商银行',
      defaultInvoiceType: 'digital_special',
    });

    const goods = await post(GOODS, {
      name: '部分更新商品',
      taxCode: '3040201030000000000',
      rate: 'rate_6',
      spec: 'X1',
      unit: '次',
      unitPrice: '100',
      pricingMode: 'inclusive',
      status: 0,
    });
    const g2 = await put(`${GOODS}/${goods.id}`, { name: '改名商品' });
    expect(g2).toMatchObject({
      name: '改名商品',
      spec: 'X1',
      unit: '次',
      unitPrice: '100',
      pricingMode: 'inclusive',
      status: 0,
      rate: 'rate_6',
      ownCode: goods.ownCode,
    });

    const map = await post('/api/billing/v1/productNameCorrespondSku/insertProductOrSku', {
      productName: 'ERP商品',
      sku: 'SKU-PARTIAL',
      commodityId: goods.id,
      remark: '原备注',
    });
    const m2 = await post('/api/billing/v1/productNameCorrespondSku/updateProductOrSku', {
      id: map.id,
      sku: 'SKU-PARTIAL-2',
    });
    expect(m2).toMatchObject({
      productName: 'ERP商品',
      sku: 'SKU-PARTIAL-2',
      commodityId: goods.id,
      remark: '原备注',
    });
  });

  it('departments, groups, declared resources, openers and printers keep every field not sent', async () => {
    const parent = await post('/api/admin/departments', { name: '部分更新上级' });
    const dept = await post('/api/admin/departments', {
      name: '部分更新部门',
      parentId: parent.id,
      code: 'PD1',
      sortOrder: 7,
    });
    expect(await put(`/api/admin/departments/${dept.id}`, { name: '改名部门' })).toMatchObject({
      name: '改名部门',
      parentId: parent.id,
      code: 'PD1',
      sortOrder: 7,
    });

    const types = await get('/api/admin/group-types');
    const group = await post('/api/admin/groups', {
      name: '部分更新组',
      code: 'partialGroup',
      description: '组描述',
      groupTypeId: types[0].id,
    });
    expect(await put(`/api/admin/groups/${group.id}`, { name: '改名组' })).toMatchObject({
      name: '改名组',
      description: '组描述',
    });

    const position = await post('/api/admin/r/positions', {
      name: '部分岗位',
      code: 'PARTIAL',
      description: '岗位描述',
      sortOrder: 9,
    });
    expect(await put(`/api/admin/r/positions/${position.id}`, { name: '改名岗位' })).toMatchObject({
      name: '改名岗位',
      code: 'PARTIAL',
      description: '岗位描述',
      sortOrder: 9,
    });

    const opener = await post('/api/billing/v1/opener-profiles', {
      role: 'payee',
      name: '收款甲',
      isDefault: true,
    });
    expect(await put(`/api/billing/v1/opener-profiles/${opener.id}`, { name: '收款乙' })).toMatchObject({
      name: '收款乙',
      role: 'payee',
      isDefault: true,
    });

    const printer = await post('/api/billing/v1/print-settings', {
      printerName: '部分打印机',
      offsetX: 10,
      offsetY: -5,
      isDefault: true,
    });
    expect(await put(`/api/billing/v1/print-settings/${printer.id}`, { offsetX: 20 })).toMatchObject({
      printerName: '部分打印机',
      offsetX: 20,
      offsetY: -5,
      isDefault: true,
    });
  });

  it('the company, a tenant, a menu and one’s own profile keep every field not sent', async () => {
    const company = await get('/api/admin/company');
    const c2 = await put('/api/admin/company', { address: '杭州市滨江区' });
    expect(c2).toMatchObject({
      name: company.name,
      creditCode: company.creditCode,
      phone: company.phone,
      bank: company.bank,
      address: '杭州市滨江区',
    });

    const own = (await get(`/api/admin/tenants?name=${encodeURIComponent(company.name)}`, admin)).rows[0];
    const t2 = await put(`/api/admin/tenants/${own.id}`, { contactName: '新联系人' }, admin);
    expect(t2).toMatchObject({
      name: company.name,
      creditCode: company.creditCode,
      tenantType: own.tenantType,
      invoiceMethod: own.invoiceMethod,
      bank: company.bank,
      contactPhone: own.contactPhone,
      contactName: '新联系人',
      creditCodeWarning: null,
    });

    const menu = await post(
      '/api/admin/menu',
      {
        code: 'partialMenu',
        titleZh: '部分菜单',
        titleEn: 'Partial',
        icon: 'icon-x',
        sortOrder: 5,
        hidden: true,
        description: '菜单描述',
      },
      admin,
    );
    expect(await put(`/api/admin/menu/${menu.id}`, { titleZh: '改名菜单' }, admin)).toMatchObject({
      titleZh: '改名菜单',
      titleEn: 'Partial',
      icon: 'icon-x',
      path: menu.path,
      sortOrder: 5,
      hidden: true,
      description: '菜单描述',
    });
    const element = await post(
      `/api/admin/menu/${menu.id}/elements`,
      { code: 'partialMenu:btn_go', nameZh: '执行', nameEn: 'Go', sortOrder: 3 },
      admin,
    );
    expect(await put(`/api/admin/element/${element.id}`, { nameZh: '运行' }, admin)).toMatchObject({
      nameZh: '运行',
      nameEn: 'Go',
      sortOrder: 3,
    });

    const self = await get('/api/admin/user/self');
    expect(await put('/api/admin/user/self', { name: '演示管理员' })).toMatchObject({
      name: '演示管理员',
      phone: self.phone,
      email: self.email,
    });
  });
});
