import { randomBytes } from 'node:crypto';
import {
  deliveries,
  invoiceEvents,
  invoices,
  shortLinks,
  tenantParameters,
  users,
  walletAccounts,
} from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { MISS_BUDGET } from '../../src/modules/delivery/buyer-links/resolve.ts';
import { useTestApp } from '../harness.ts';
import { parseXml, xmlText } from '../sales/invoice-files-helpers.ts';
import { redApi, SERVICE } from '../sales/red-letter-helpers.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * Issue 14 §4–5: the buyer's public link calls. Links are created here as rows (as the dispatcher would), for
 * invoices issued through the real API, so these tests do not depend on the dispatch pipeline.
 */
const app = useTestApp();
const LINKS = '/api/public/delivery/links';
const DAY = 86_400_000;

const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 16 base62 characters ≈ 95 bits, the shape the dispatcher writes. */
const newCode = () => [...randomBytes(16)].map((b) => B62[b % 62]).join('');

// Each test speaks from its own documentation address (RFC 5737), so the per-IP miss budget of one test does
// not spend another's.
let nextIp = 1;
const newIp = () => `198.51.100.${nextIp++}`;

type Inv = { id: number; number: string; tenantId: number; status: string };
let demoToken: string;
let brandToken: string;

async function issue(token = demoToken, over: Record<string, unknown> = {}): Promise<Inv> {
  const c = api(app(), token);
  const res = await c.create(invoiceBody(over));
  expect(res.statusCode, res.body).toBe(201);
  await c.settled();
  const inv = (await c.get(res.json().id)).json();
  expect(inv.status).toBe('issued');
  return inv;
}

async function link(inv: Inv | Inv[], over: Partial<typeof shortLinks.$inferInsert> = {}): Promise<string> {
  const list = Array.isArray(inv) ? inv : [inv];
  const code = newCode();
  await app()
    .services.db.insert(shortLinks)
    .values({
      code,
      tenantId: list[0].tenantId,
      invoiceId: list[0].id,
      invoiceIds: list.length > 1 ? list.map((i) => i.id) : null,
      expiresAt: new Date(Date.now() + 30 * DAY),
      ...over,
    });
  return code;
}

const linkRow = async (code: string) =>
  (await app().services.db.select().from(shortLinks).where(eq(shortLinks.code, code)))[0];

function client(ip = newIp(), headers: Record<string, string> = {}) {
  const get = (url: string) => app().app.inject({ url, remoteAddress: ip, headers });
  const post = (url: string, payload: object = {}) =>
    app().app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });
  return {
    open: (code: string, count = true) => get(`${LINKS}/${code}${count ? '?open=1' : ''}`),
    file: (code: string, format: string, n?: number) =>
      get(`${LINKS}/${code}/files/${format}${n === undefined ? '' : `?n=${n}`}`),
    zip: (code: string) => get(`${LINKS}/${code}/zip`),
    send: (code: string, body: object) => post(`${LINKS}/${code}/deliveries`, body),
    status: (code: string, body: object) => post(`${LINKS}/${code}/deliveries/status`, body),
    renew: (code: string) => post(`${LINKS}/${code}/renewal`),
    short: (code: string) => get(`/s/${code}`),
  };
}

beforeAll(async () => {
  demoToken = await app().login('demo', 'Demo@123');
  brandToken = await app().login('brand', 'Brand@123');
});

describe('opening a link', () => {
  it('shows the invoice face without a login and counts every open atomically', async () => {
    const inv = await issue();
    const code = await link(inv);
    const b = client();
    const res = await b.open(code);
    expect(res.statusCode, res.body).toBe(200);
    const face = res.json();
    expect(face).toMatchObject({ kind: 'single', expiresAt: expect.any(String) });
    expect(face.invoices).toEqual([
      expect.objectContaining({
        n: 0,
        type: 'digital_special',
        colour: 'blue',
        status: 'issued',
        number: inv.number,
        sellerName: '演示科技有限公司',
        buyerName: '上海云帆信息技术有限公司',
        buyerTaxNumber: '91310104MA1FR8KX39',
        amountFen: 20_000,
        taxFen: 2_600,
        totalFen: 22_600,
        redNumbers: [],
        downloadable: true,
      }),
    ]);
    // Nothing that would let a reader reach further: no ids of any kind.
    expect(JSON.stringify(face)).not.toMatch(/"(id|tenantId|invoiceId)"/);

    // Twenty opens at once: none lost. A look without open=1 (a follow-up page) counts nothing.
    await Promise.all(Array.from({ length: 20 }, () => b.open(code)));
    expect((await b.open(code, false)).statusCode).toBe(200);
    const row = await linkRow(code);
    expect(row.opens).toBe(21);
    expect(row.lastOpenedAt).toBeInstanceOf(Date);
    // The file's first render loads the font: slow on a busy machine, never a measure of anything here.
  }, 120_000);

  it('shows the lines as the invoice face prints them, and nothing the face does not show', async () => {
    const first = invoiceBody().lines[0];
    const second = {
      ...first,
      name: '*软件维护服务*现场支持',
      spec: 'V2-年度',
      quantity: '3',
      unitPrice: '50',
    };
    const inv = await issue(demoToken, { lines: [first, second], totals: undefined });
    const face = (await client().open(await link(inv))).json();
    const detail = (await api(app(), demoToken).get(inv.id)).json();
    const lines = face.invoices[0].lines;
    // The face's columns, in its order: 项目名称, 规格型号, 单位, 数量, 单价 (without tax), 金额, 税率, 税额.
    expect(lines).toEqual(
      detail.lines.map((l: Record<string, unknown>) => ({
        name: l.name,
        spec: l.spec,
        unit: l.unit,
        quantity: l.quantity,
        unitPrice: l.unitPriceExclusive ?? l.unitPrice,
        amountFen: l.amountFen,
        rate: l.rate,
        policy: l.policy,
        taxFen: l.taxFen,
      })),
    );
    expect(lines.map((l: { name: string }) => l.name)).toEqual([first.name, second.name]);
    expect(lines[1]).toMatchObject({ spec: 'V2-年度', unit: '次', quantity: '3', amountFen: 15_000 });
    // No tax code, deduction, line kind or id leaves the server.
    expect(JSON.stringify(lines)).not.toMatch(/taxCode|deduction|kind|lineNo|"id"|3040201/);

    // A red invoice's lines carry the face's sign, as its totals do.
    const r = redApi(app(), demoToken);
    const quick = await r.quick({ blueInvoiceId: inv.id, reason: 'issue_error' });
    expect(quick.statusCode, quick.body).toBe(201);
    await r.settled();
    const [red] = await app()
      .services.db.select()
      .from(invoices)
      .where(and(eq(invoices.blueInvoiceId, inv.id), eq(invoices.colour, 'red')));
    const redLines = (await client().open(await link({ ...red, number: red.number! } as Inv))).json()
      .invoices[0].lines;
    expect(redLines).toHaveLength(2);
    for (const [n, l] of redLines.entries()) {
      expect(l.amountFen).toBe(-Math.abs(lines[n].amountFen));
      expect(l.taxFen).toBe(-Math.abs(lines[n].taxFen));
      expect(l.quantity).toMatch(/^-/);
    }
  });

  it('short address /s/<code> redirects to the page without looking anything up', async () => {
    const res = await client().short('AbCdEf123456XyZ0');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/smsDetail?c=AbCdEf123456XyZ0');
  });

  it('expired, disabled and unknown links answer their own code in one shape, and count no open', async () => {
    const inv = await issue();
    const expired = await link(inv, { expiresAt: new Date(Date.now() - 1000) });
    const disabled = await link(inv, { disabledAt: new Date() });
    const b = client();
    const answers = {
      expired: await b.open(expired),
      disabled: await b.open(disabled),
      unknown: await b.open(newCode()),
      malformed: await b.open('x%27%20or%201=1'),
    };
    expect(answers.expired.statusCode).toBe(410);
    expect(answers.expired.json()).toMatchObject({ code: 'BUYER_LINK_EXPIRED', status: 404 });
    expect(answers.disabled.statusCode).toBe(410);
    expect(answers.disabled.json().code).toBe('BUYER_LINK_DISABLED');
    for (const r of [answers.unknown, answers.malformed]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({
        code: 'BUYER_LINK_UNKNOWN',
        message: expect.stringContaining('链接无效'),
      });
    }
    const keys = (r: { json(): object }) => Object.keys(r.json()).sort();
    expect(keys(answers.expired)).toEqual(keys(answers.unknown));
    // Nothing about the invoice in a refusal.
    for (const r of Object.values(answers)) expect(r.body).not.toContain(inv.number);
    expect((await linkRow(expired)).opens).toBe(0);
    expect((await linkRow(disabled)).opens).toBe(0);
    // Files of an expired link are refused as well.
    expect((await b.file(expired, 'pdf')).statusCode).toBe(410);
  });

  it('takes as long for an unknown code as for an expired one (median ratio of interleaved rounds)', async () => {
    const expired = await link(await issue(), { expiresAt: new Date(Date.now() - 1000) });
    const ratios: number[] = [];
    for (let i = 0; i < 27; i++) {
      // A fresh address per round: the rounds must not run into the miss budget.
      const b = client();
      const order = i % 2 ? [expired, newCode()] : [newCode(), expired];
      const took: number[] = [];
      for (const code of order) {
        const t0 = performance.now();
        await b.open(code);
        took.push(performance.now() - t0);
      }
      const [tExpired, tUnknown] = i % 2 ? took : [took[1], took[0]];
      if (i >= 2) ratios.push(tExpired / tUnknown); // two warm-up rounds
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    expect(median).toBeGreaterThan(0.5);
    expect(median).toBeLessThan(2);
  }, 120_000);

  it('answers in English with X-Locale: en', async () => {
    const res = await client(newIp(), { 'x-locale': 'en-US' }).open(newCode());
    expect(res.json().message).toContain('This link is not valid');
  });

  it('a voided invoice shows its page but gives no file and cannot be sent', async () => {
    const inv = await issue();
    await app().services.db.update(invoices).set({ status: 'void' }).where(eq(invoices.id, inv.id));
    const code = await link(inv);
    const b = client();
    const face = (await b.open(code)).json();
    expect(face.invoices[0]).toMatchObject({ status: 'void', downloadable: false });
    const pdf = await b.file(code, 'pdf');
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json().code).toBe('BUYER_INVOICE_VOID');
    expect((await b.send(code, { channel: 'email', email: 'a@example.com' })).json().code).toBe(
      'BUYER_INVOICE_VOID',
    );
  });

  it('a red-flushed invoice shows its state and the red invoice number; its files stay downloadable', async () => {
    const blue = (await issue(demoToken, { lines: [SERVICE], totals: undefined })) as Inv;
    const r = redApi(app(), demoToken);
    expect((await r.quick({ blueInvoiceId: blue.id, reason: 'service_suspension' })).statusCode).toBe(201);
    await r.settled();
    const [red] = await app()
      .services.db.select()
      .from(invoices)
      .where(and(eq(invoices.blueInvoiceId, blue.id), eq(invoices.colour, 'red')));
    const b = client();
    const face = (await b.open(await link(blue))).json();
    expect(face.invoices[0]).toMatchObject({ status: 'red', redNumbers: [red.number], downloadable: true });
    // The red invoice's own link shows it as red, reversing the blue number.
    const redFace = (await b.open(await link({ ...red, number: red.number! } as Inv))).json();
    expect(redFace.invoices[0]).toMatchObject({
      colour: 'red',
      blueNumber: blue.number,
      totalFen: -22_600,
    });
  });
});

describe('存入卡包 (cardBag, issue 30)', () => {
  it('is offered only when the company has a card-bag account enabled, for one blue issued invoice', async () => {
    const b = client();
    const inv = await issue();
    const code = await link(inv);
    // No account: no offer (the buyer page shows no button). Another company's account changes nothing.
    expect((await b.open(code, false)).json().cardBag).toBe(false);
    const [brand] = await app().services.db.select().from(users).where(eq(users.username, 'brand'));
    expect(brand.tenantId).not.toBe(inv.tenantId);
    const [foreign] = await app()
      .services.db.insert(walletAccounts)
      .values({ tenantId: brand.tenantId!, platform: 'wechat', name: '他人账号', config: { sandbox: true } })
      .returning();
    expect((await b.open(code, false)).json().cardBag).toBe(false);

    const [account] = await app()
      .services.db.insert(walletAccounts)
      .values({ tenantId: inv.tenantId, platform: 'alipay', name: '支付宝测试', config: { sandbox: true } })
      .returning();
    try {
      expect((await b.open(code, false)).json().cardBag).toBe(true);
      // A batch link (the card-bag pages take one invoice) and a voided invoice: not offered.
      const batch = await link([inv, await issue()]);
      expect((await b.open(batch, false)).json().cardBag).toBe(false);
      const voided = await issue();
      await app().services.db.update(invoices).set({ status: 'void' }).where(eq(invoices.id, voided.id));
      expect((await b.open(await link(voided), false)).json().cardBag).toBe(false);
      // The account switched off: not offered.
      await app()
        .services.db.update(walletAccounts)
        .set({ enabled: false })
        .where(eq(walletAccounts.id, account.id));
      expect((await b.open(code, false)).json().cardBag).toBe(false);
    } finally {
      await app()
        .services.db.delete(walletAccounts)
        .where(inArray(walletAccounts.id, [account.id, foreign.id]));
    }
  });
});

describe('downloads', () => {
  it('PDF and XML of the link’s invoice, named by its number', async () => {
    const inv = await issue();
    const code = await link(inv);
    const b = client();
    const pdf = await b.file(code, 'pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`filename="${inv.number}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await b.file(code, 'xml');
    expect(xml.statusCode).toBe(200);
    expect(xmlText(parseXml(xml.body), 'Header/EIid')).toBe(inv.number);
    const ofd = await b.file(code, 'ofd');
    expect(ofd.statusCode).toBe(200);
    expect(ofd.headers['content-disposition']).toContain(`filename="${inv.number}.ofd"`);
    expect(ofd.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await b.file(code, 'docx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('format');
  });

  it('a batch link lists its invoices; each downloads by position, all together as a ZIP', async () => {
    const one = await issue();
    const two = await issue();
    const code = await link([one, two]);
    const b = client();
    const face = (await b.open(code)).json();
    expect(face.kind).toBe('batch');
    expect(face.invoices.map((i: { n: number; number: string }) => [i.n, i.number])).toEqual([
      [0, one.number],
      [1, two.number],
    ]);
    const second = await b.file(code, 'pdf', 1);
    expect(second.headers['content-disposition']).toContain(`${two.number}.pdf`);
    const zip = await b.zip(code);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual([`${one.number}.pdf`, `${two.number}.pdf`].sort());
    for (const f of Object.values(files)) expect(Buffer.from(f.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});

describe('nothing beyond the link', () => {
  it('reaches no other invoice: positions past the link, ids in the address, another tenant’s invoice', async () => {
    const mine = await issue();
    const other = await issue();
    const code = await link(mine);
    const b = client();
    const past = await b.file(code, 'pdf', 1);
    expect(past.statusCode).toBe(404);
    expect(past.json().code).toBe('BUYER_INVOICE_NOT_IN_LINK');
    // An id smuggled into the query is not a parameter of these routes: the link's own invoice comes back.
    const smuggled = await app().app.inject({
      url: `${LINKS}/${code}/files/pdf?id=${other.id}&invoiceId=${other.id}`,
      remoteAddress: newIp(),
    });
    expect(smuggled.headers['content-disposition']).toContain(`${mine.number}.pdf`);
    // A link row of demo naming brand's invoice (a forged row) opens nothing: invoices are read in the link's tenant.
    // brand reviews before issuing (预开): its invoice is made issued-looking by hand, so only the tenant stops it.
    const created = await api(app(), brandToken).create(invoiceBody());
    const [brands] = await app()
      .services.db.update(invoices)
      .set({ status: 'issued', number: `9${Date.now()}`.padEnd(20, '0'), issuedAt: new Date() })
      .where(eq(invoices.id, created.json().id))
      .returning();
    expect(brands.tenantId).not.toBe(mine.tenantId);
    const forged = await link({ ...brands, number: brands.number!, tenantId: mine.tenantId });
    expect((await b.open(forged)).statusCode).toBe(404);
    expect((await b.file(forged, 'pdf')).statusCode).toBe(404);
  });

  it('limits guessing per IP: after the miss budget every link call from that IP is 429, others are served', async () => {
    const inv = await issue();
    const real = await link(inv);
    const guesser = client();
    for (let i = 0; i < MISS_BUDGET; i++) expect((await guesser.open(newCode())).statusCode).toBe(404);
    const over = await guesser.open(newCode());
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    // Even a real code is refused to that address now, and the refusal counted no open.
    expect((await guesser.open(real)).statusCode).toBe(429);
    expect((await linkRow(real)).opens).toBe(0);
    expect((await client().open(real)).statusCode).toBe(200);
  });
});

describe('renewal (/smsExtend)', () => {
  it('extends an expired link once by the tenant’s link lifetime, recorded in the invoice history', async () => {
    const inv = await issue();
    await app()
      .services.db.insert(tenantParameters)
      .values({ tenantId: inv.tenantId, key: 'delivery', value: { linkTtlDays: 7 } })
      .onConflictDoUpdate({
        target: [tenantParameters.tenantId, tenantParameters.key],
        set: { value: { linkTtlDays: 7 } },
      });
    const code = await link(inv, { expiresAt: new Date(Date.now() - DAY) });
    const b = client();
    const res = await b.renew(code);
    expect(res.statusCode, res.body).toBe(200);
    const until = Date.parse(res.json().expiresAt) - Date.now();
    expect(until).toBeGreaterThan(7 * DAY - 60_000);
    expect(until).toBeLessThanOrEqual(7 * DAY);
    expect((await b.open(code)).statusCode).toBe(200);
    const events = await app()
      .services.db.select()
      .from(invoiceEvents)
      .where(eq(invoiceEvents.invoiceId, inv.id));
    expect(events.some((e) => e.reason?.includes('延期'))).toBe(true);

    // Still valid: nothing to renew. Expired again: the one renewal is spent.
    expect((await b.renew(code)).json().code).toBe('BUYER_LINK_RENEW_NOT_NEEDED');
    await app()
      .services.db.update(shortLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shortLinks.code, code));
    const again = await b.renew(code);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BUYER_LINK_RENEW_USED');
  });

  it('refuses a disabled link and an unknown code like opening them', async () => {
    const inv = await issue();
    const b = client();
    const disabled = await link(inv, { expiresAt: new Date(Date.now() - DAY), disabledAt: new Date() });
    expect((await b.renew(disabled)).json().code).toBe('BUYER_LINK_DISABLED');
    expect((await b.renew(newCode())).json().code).toBe('BUYER_LINK_UNKNOWN');
  });

  it('two renewals racing end in one', async () => {
    const inv = await issue();
    const code = await link(inv, { expiresAt: new Date(Date.now() - DAY) });
    const results = await Promise.all([client().renew(code), client().renew(code), client().renew(code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('sending from the link', () => {
  it('refuses a bad e-mail or mobile with a message naming the field', async () => {
    const code = await link(await issue());
    const b = client();
    const email = await b.send(code, { channel: 'email', email: 'not-an-address' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toContain('字段 email');
    expect(email.json().message).toContain('邮箱格式不正确');
    const mobile = await b.send(code, { channel: 'sms', mobile: '1234' });
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json().message).toContain('字段 mobile');
    const en = await client(newIp(), { 'x-locale': 'en-US' }).send(code, { channel: 'email', email: 'x@' });
    expect(en.json().message).toMatch(/email/);
    expect(en.json().message).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('sends through the delivery pipeline (trigger forward) and follows it to its end', async () => {
    const inv = await issue();
    const code = await link(inv);
    const b = client();
    const target = { channel: 'email', email: 'Forward.Me@example.com' };
    const sent = await b.send(code, target);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      channel: 'email',
      maskedRecipient: 'f***@example.com',
      status: 'queued',
    });
    const [row] = await app()
      .services.db.select()
      .from(deliveries)
      .where(and(eq(deliveries.invoiceId, inv.id), eq(deliveries.recipient, 'forward.me@example.com')));
    expect(row).toMatchObject({ trigger: 'forward', channel: 'email', createdBy: null });
    await app().services.jobs.drain();
    const after = (await b.status(code, target)).json();
    expect(['accepted', 'delivered']).toContain(after.status);
    // The same address again is the same record (the pipeline is idempotent), not a second e-mail.
    expect((await b.send(code, target)).json().status).toBe(after.status);
    const rows = await app()
      .services.db.select()
      .from(deliveries)
      .where(and(eq(deliveries.invoiceId, inv.id), eq(deliveries.recipient, 'forward.me@example.com')));
    expect(rows).toHaveLength(1);
  });

  it('reports where a delivery to an address stands, masked, and only for the link’s invoice', async () => {
    const inv = await issue();
    const other = await issue();
    const code = await link(inv);
    const db = app().services.db;
    await db.insert(deliveries).values([
      {
        tenantId: inv.tenantId,
        invoiceId: inv.id,
        channel: 'email',
        recipient: 'buyer@example.com',
        status: 'failed',
        errorCode: '550',
        errorMessage: '邮箱不存在',
        trigger: 'forward',
      },
      {
        tenantId: other.tenantId,
        invoiceId: other.id,
        channel: 'sms',
        recipient: '13800138000',
        status: 'delivered',
      },
    ]);
    const b = client();
    const failed = await b.status(code, { channel: 'email', email: 'Buyer@Example.com' });
    expect(failed.json()).toEqual({
      channel: 'email',
      maskedRecipient: 'b***@example.com',
      status: 'failed',
      reason: '邮箱不存在',
      updatedAt: expect.any(String),
    });
    // The other invoice's delivery is not this link's business.
    const none = await b.status(code, { channel: 'sms', mobile: '13800138000' });
    expect(none.json()).toMatchObject({ status: 'none', maskedRecipient: '138****8000', reason: null });
  });

  it('lets the buyer ask again after a send that never arrived (a new record), never after one that did', async () => {
    const inv = await issue();
    const code = await link(inv);
    const db = app().services.db;
    await db.insert(deliveries).values({
      tenantId: inv.tenantId,
      invoiceId: inv.id,
      channel: 'email',
      recipient: 'again@example.com',
      status: 'dead',
      errorCode: 'TIMEOUT',
      errorMessage: '连接超时',
      trigger: 'forward',
    });
    const b = client();
    const target = { channel: 'email', email: 'again@example.com' };
    const retried = await b.send(code, target);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().status).toBe('queued');
    await app().services.jobs.drain();
    const rows = await db
      .select({ seq: deliveries.seq, status: deliveries.status })
      .from(deliveries)
      .where(and(eq(deliveries.invoiceId, inv.id), eq(deliveries.recipient, 'again@example.com')));
    expect(rows.map((r) => r.seq).sort()).toEqual([0, 1]);
    expect(['accepted', 'delivered']).toContain((await b.status(code, target)).json().status);
    // Arrived: asking again finds that record and sends nothing more.
    await b.send(code, target);
    const after = await db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.invoiceId, inv.id), eq(deliveries.recipient, 'again@example.com')));
    expect(after).toHaveLength(2);
  });
});
