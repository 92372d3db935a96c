import { groupMembers, groupMenus, invoices, menus, redLetterForms, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const CARDS = '/api/admin/dashboard/cards';
const HOUR = 3_600_000;
const SHANGHAI = 8 * HOUR;

type Card = { id: string; kind: string; [k: string]: any };
const read = async (token: string) => {
  const res = await app().app.inject({ url: CARDS, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { audience: string; cards: Card[] };
};
const card = (cards: Card[], id: string) => cards.find((c) => c.id === id);
const figure = (c: Card | undefined, key: string) => c?.figures.find((f: { key: string }) => f.key === key);
const item = (c: Card | undefined, key: string) => c?.items.find((i: { key: string }) => i.key === key);

/** The first instant of the Asia/Shanghai month `back` months ago, plus `plusMs`. */
function inMonth(back: number, plusMs: number) {
  const local = new Date(Date.now() + SHANGHAI);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1) - SHANGHAI + plusMs);
}
const monthKey = (back: number) => new Date(inMonth(back, 0).getTime() + SHANGHAI).toISOString().slice(0, 7);

let serial = 0;
async function insert(
  tenantId: number,
  o: { status: string; amount: number; tax: number; issuedAt?: Date | null; colour?: 'red'; buyer?: string },
) {
  const [row] = await app()
    .services.db.insert(invoices)
    .values({
      tenantId,
      clientSerial: `dash-${++serial}`,
      type: 'digital_ordinary',
      colour: o.colour ?? 'blue',
      pricingMode: 'exclusive',
      sellerName: '测试',
      sellerCreditCode: '91310115MA1K4GDM05',
      buyerName: o.buyer ?? `买方${serial}`,
      drawer: '测试',
      amountFen: o.amount,
      taxFen: o.tax,
      totalFen: o.amount + o.tax,
      status: o.status,
      number: o.issuedAt ? `2531200000000${String(serial).padStart(7, '0')}` : null,
      issuedAt: o.issuedAt ?? null,
    })
    .returning();
  return row;
}

async function form(
  tenantId: number,
  blue: { id: number; number: string | null },
  state: string,
  deadline: Date,
) {
  await app()
    .services.db.insert(redLetterForms)
    .values({
      tenantId,
      blueInvoiceId: blue.id,
      blueNumber: blue.number ?? '',
      formNo: `F${++serial}`,
      initiator: state === 'pending_seller' ? 'buyer' : 'seller',
      reason: 'sales_return',
      state,
      amountFen: 1000,
      taxFen: 60,
      totalFen: 1060,
      lines: [],
      deadline,
    });
}

const userOf = async (username: string) =>
  (await app().services.db.select().from(users).where(eq(users.username, username)))[0];

describe('dashboard cards (issue 13 §5)', () => {
  let demoTenant: number;
  const soon = new Date(Date.now() + 10 * HOUR);
  const later = new Date(Date.now() + 50 * HOUR);

  beforeAll(async () => {
    demoTenant = (await userOf('demo')).tenantId!;
    const agentTenant = (await userOf('agent')).tenantId!;
    // This month: two blue, one red (negative, as the red-letter flow stores it).
    const blue = await insert(demoTenant, {
      status: 'issued',
      amount: 100_000,
      tax: 13_000,
      issuedAt: inMonth(0, HOUR),
    });
    await insert(demoTenant, {
      status: 'partly_red',
      amount: 50_000,
      tax: 3_000,
      issuedAt: inMonth(0, 2 * HOUR),
    });
    await insert(demoTenant, {
      status: 'issued',
      colour: 'red',
      amount: -20_000,
      tax: -1_200,
      issuedAt: inMonth(0, 3 * HOUR),
    });
    // Last month, its last minute in Shanghai (still last month there, whatever the UTC date).
    await insert(demoTenant, { status: 'issued', amount: 70_000, tax: 9_100, issuedAt: inMonth(0, -60_000) });
    await insert(demoTenant, {
      status: 'red',
      colour: 'red',
      amount: -5_000,
      tax: -650,
      issuedAt: inMonth(1, HOUR),
    });
    // Waiting: two applications for review, one refused by the bureau, one in the queue (not a to-do).
    await insert(demoTenant, { status: 'pending_review', amount: 1, tax: 0 });
    await insert(demoTenant, { status: 'pending_review', amount: 2, tax: 0 });
    await insert(demoTenant, { status: 'failed', amount: 3, tax: 0 });
    await insert(demoTenant, { status: 'ready', amount: 4, tax: 0 });
    await form(demoTenant, blue, 'pending_seller', soon);
    await form(demoTenant, blue, 'pending_buyer', later);
    await form(demoTenant, blue, 'confirmed', later);
    // Another company: never in demo's cards.
    const other = await insert(agentTenant, {
      status: 'issued',
      amount: 999_999,
      tax: 99,
      issuedAt: inMonth(0, HOUR),
      buyer: '别家买方',
    });
    await insert(agentTenant, { status: 'failed', amount: 5, tax: 0 });
    await insert(agentTenant, { status: 'pending_review', amount: 6, tax: 0 });
    await form(agentTenant, other, 'pending_seller', new Date(Date.now() + HOUR));
  });

  it('gives the finance user this month against last month, exact to the fen', async () => {
    const { audience, cards } = await read(await app().login('demo', 'Demo@123'));
    expect(audience).toBe('tenant');
    expect(cards.map((c) => c.id)).toEqual([
      'sales-issued',
      'sales-todos',
      'sales-recent',
      'sales-trend',
      'sms-balance',
    ]);
    const issued = card(cards, 'sales-issued');
    expect(issued?.period).toEqual({ current: monthKey(0), previous: monthKey(1) });
    expect(figure(issued, 'count')).toMatchObject({ unit: 'count', value: 3, previous: 2 });
    expect(figure(issued, 'redCount')).toMatchObject({ value: 1, previous: 1 });
    expect(figure(issued, 'amountFen')).toMatchObject({ unit: 'fen', value: 130_000, previous: 65_000 });
    expect(figure(issued, 'taxFen')).toMatchObject({ unit: 'fen', value: 14_800, previous: 8_450 });

    const trend = card(cards, 'sales-trend');
    expect(trend?.categories).toHaveLength(12);
    expect(trend?.categories.slice(-2)).toEqual([monthKey(1), monthKey(0)]);
    const amounts = trend?.series.find((s: { key: string }) => s.key === 'amountFen').values;
    expect(amounts.slice(-2)).toEqual([65_000, 130_000]);
    expect(amounts.slice(0, 10).every((v: number) => v === 0)).toBe(true);
  });

  it('counts the to-dos and links each to where it is handled', async () => {
    const { cards } = await read(await app().login('demo', 'Demo@123'));
    const todos = card(cards, 'sales-todos');
    expect(item(todos, 'pendingReview')).toMatchObject({ value: 2, tone: 'warning' });
    expect(item(todos, 'pendingReview').link.path).toBe('/outputInvoiceManager/preopenAuditManager');
    expect(item(todos, 'failed')).toMatchObject({
      value: 1,
      tone: 'danger',
      link: { path: '/outputInvoiceManager/stayOpenList', query: { statuses: 'failed' } },
    });
    const toConfirm = item(todos, 'redFormsToConfirm');
    expect(toConfirm).toMatchObject({ value: 1, tone: 'danger', deadline: soon.toISOString() });
    expect(toConfirm.link).toEqual({
      path: '/outputInvoiceManager/invoiceDetails',
      query: { state: 'pending_seller' },
    });
    expect(toConfirm.entries).toEqual([
      { label: expect.stringMatching(/^F\d+$/), deadline: soon.toISOString() },
    ]);
    expect(item(todos, 'redFormsAwaitingBuyer')).toMatchObject({
      value: 1,
      tone: 'warning',
      deadline: later.toISOString(),
    });
    // Nothing issued through the bureau yet: the whole default line (100万元) is left.
    expect(item(todos, 'creditLeft')).toMatchObject({ unit: 'fen', value: 100_000_000, tone: 'normal' });
  });

  it('lists the last issued invoices of the company only, newest first', async () => {
    const { cards } = await read(await app().login('demo', 'Demo@123'));
    const recent = card(cards, 'sales-recent');
    expect(recent?.link).toEqual({ path: '/outputInvoiceManager/salesInvoiceQuery' });
    // Issue times: red 3h, partly_red 2h, blue 1h into this month; last month's blue at its last minute, then its red.
    expect(recent?.rows.map((r: { amountFen: number }) => r.amountFen)).toEqual([
      -20_000, 50_000, 100_000, 70_000, -5_000,
    ]);
    expect(recent?.rows[0]).toMatchObject({ colour: 'red', status: 'issued', number: expect.any(String) });
    expect(recent?.rows.some((r: { buyerName: string }) => r.buyerName === '别家买方')).toBe(false);
  });

  it('never shows another company’s data', async () => {
    const { cards } = await read(await app().login('agent', 'Agent@123'));
    expect(figure(card(cards, 'sales-issued'), 'amountFen')).toMatchObject({ value: 999_999, previous: 0 });
    const todos = card(cards, 'sales-todos');
    expect(item(todos, 'failed').value).toBe(1);
    expect(item(todos, 'pendingReview').value).toBe(1);
    expect(item(todos, 'redFormsToConfirm').value).toBe(1);
    expect(item(todos, 'redFormsAwaitingBuyer').value).toBe(0);
    expect(card(cards, 'sales-recent')?.rows.map((r: { buyerName: string }) => r.buyerName)).toEqual([
      '别家买方',
    ]);
  });

  it('leaves out the cards a user may not see', async () => {
    expect((await read(await bareUserToken(app()))).cards).toEqual([]);
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await read(clerk)).cards).toEqual([]); // the clerk may only look at the user list
    // Grant the clerk's group the invoice query page: only the recent-invoices card appears.
    const db = app().services.db;
    const [member] = await db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.userId, (await userOf('clerk')).id));
    const [query] = await db.select().from(menus).where(eq(menus.code, 'salesInvoiceQuery'));
    await db.insert(groupMenus).values({ groupId: member.groupId, menuId: query.id });
    app().services.invalidateAuthz();
    const { audience, cards } = await read(clerk);
    expect(audience).toBe('tenant');
    expect(cards.map((c) => c.id)).toEqual(['sales-recent']);
    expect(cards[0].rows).toHaveLength(5);
  });

  it('gives the platform administrator the platform cards across tenants', async () => {
    const admin = await app().login('admin', 'Admin@123');
    const { audience, cards } = await read(admin);
    expect(audience).toBe('platform');
    expect(cards.map((c) => c.id)).toEqual(['platform-tenants', 'platform-issuing', 'platform-requests']);
    expect(figure(card(cards, 'platform-tenants'), 'tenants')?.value).toBeGreaterThanOrEqual(3);
    const issuing = card(cards, 'platform-issuing');
    expect(figure(issuing, 'count')).toMatchObject({ value: 4, previous: 2 });
    expect(figure(issuing, 'amountFen')).toMatchObject({ value: 130_000 + 999_999, previous: 65_000 });
    expect(figure(issuing, 'failed')).toMatchObject({ value: 2, lowerIsBetter: true });
    expect(cards.some((c) => c.id.startsWith('sales-'))).toBe(false);
    // The gate log is written in batches every half second (plugins/gate-log.ts): today's requests, this
    // test's own among them, show once a batch has been written.
    await vi.waitFor(
      async () => {
        const again = (await read(admin)).cards;
        expect(figure(card(again, 'platform-requests'), 'requestsToday')?.value).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});
