import {
  deductionSelections,
  elements,
  groupElements,
  groupMembers,
  groupMenus,
  menus,
  purchaseWarnings,
  receivedInvoices,
  resourceChanges,
  tenants,
  users,
} from '@fpy/db';
import { currentSelectionPeriod } from '@fpy/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/lib/write/index.ts';
import { recordReceived } from '../../src/modules/purchase/received-invoices/index.ts';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { blueRequest, issueOk, sandbox } from '../platform/tax-gateway-helpers.ts';

/**
 * 勾选 / 统计 / 确认 (issue 31, lane DEDUCT): tenant A issues a 专票 to tenant B in the sandbox, B collects it,
 * selects it (处理中 until the bureau's answer), applies statistics and confirms with its own password; a
 * confirmed period refuses every change; one invoice selected by two requests at once is held by one; a red-lettered
 * or abnormal invoice is refused; a wrong second password is refused without echo; tenants apart; bad input 400.
 */
const app = useTestApp();
const API = '/api/purchase/deduction';
const DEMO_TAX = '91310115MA1K4GDM05';
const BRAND_TAX = '91440300MA5FPX7Q2H';
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const PERIOD = currentSelectionPeriod(today);
let demo: string;
let clerk: string;
let brand: string;
let demoId: number;
let brandId: number;
let fromDemo: string;

const get = (token: string, url: string) => app().app.inject({ url, headers: bearer(token) });
const post = (token: string, url: string, payload?: unknown) =>
  app().app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

/** Runs the queue until no selection of the tenant is 处理中 (the bureau answered). */
async function settle(tenantId: number) {
  for (let i = 0; i < 50; i++) {
    await app().services.jobs.drain();
    const pending = await app()
      .services.db.select({ id: deductionSelections.id })
      .from(deductionSelections)
      .where(
        and(
          eq(deductionSelections.tenantId, tenantId),
          inArray(deductionSelections.state, ['selecting', 'undoing']),
        ),
      );
    if (!pending.length) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('selections still pending');
}

const received = (tenantId: number) =>
  app().services.db.select().from(receivedInvoices).where(eq(receivedInvoices.tenantId, tenantId));

/** Gives the demo company's clerk 勾选 (page and button), so two different users can race for one invoice. */
async function grantClerkSelection() {
  const db = app().services.db;
  const [u] = await db.select().from(users).where(eq(users.username, 'clerk'));
  const [member] = await db.select().from(groupMembers).where(eq(groupMembers.userId, u.id));
  for (const m of await db.select().from(menus).where(eq(menus.code, 'checkAuthority')))
    await db.insert(groupMenus).values({ groupId: member.groupId, menuId: m.id }).onConflictDoNothing();
  for (const e of await db.select().from(elements).where(eq(elements.code, 'checkAuthority:btn_select')))
    await db.insert(groupElements).values({ groupId: member.groupId, elementId: e.id }).onConflictDoNothing();
  app().services.invalidateAuthz();
}

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  await grantClerkSelection();
  clerk = await app().login('clerk', 'Clerk@123');
  brand = await app().login('brand', 'Brand@123');
  const rows = await app().services.db.select().from(tenants);
  const d = rows.find((r) => r.creditCode === DEMO_TAX)!;
  demoId = d.id;
  brandId = rows.find((r) => r.creditCode === BRAND_TAX)!.id;
  const { gw } = sandbox(app().services.db, new Date().toISOString());
  await gw.seedSupplierStream({ name: '演示科技有限公司', taxNumber: DEMO_TAX }, 24, 120);
  // Tenant A (demo) issues two 专票 to tenant B's (brand) tax number, today.
  const out = await issueOk(
    gw,
    blueRequest({ tenantId: d.id, creditCode: DEMO_TAX, name: d.name }, 33_900, {
      type: 'digital_special',
      buyer: { name: '品牌定制集团有限公司', taxNumber: BRAND_TAX },
    }),
  );
  fromDemo = out.number;
  await issueOk(
    gw,
    blueRequest({ tenantId: d.id, creditCode: DEMO_TAX, name: d.name }, 11_300, {
      type: 'digital_special',
      buyer: { name: '品牌定制集团有限公司', taxNumber: BRAND_TAX },
    }),
  );
  expect((await post(demo, '/api/purchase/received-invoices/sync')).statusCode).toBe(200);
  expect((await post(brand, '/api/purchase/received-invoices/sync')).statusCode).toBe(200);
});

describe('勾选 (select for deduction)', () => {
  it('lists the selectable 专票 of the period with its totals, only the company’s own', async () => {
    const r = await get(demo, `${API}/invoices?period=${PERIOD}&limit=100`);
    expect(r.statusCode, r.body).toBe(200);
    const list = r.json();
    expect(list.total).toBeGreaterThan(0);
    for (const row of list.rows) {
      expect(row.notSelectable).toBeNull();
      expect(row.invoiceType).toMatch(/special/);
      expect(row.state).toBe('normal');
    }
    const mine = new Set((await received(demoId)).map((x) => x.id));
    expect(list.rows.every((x: { id: number }) => mine.has(x.id))).toBe(true);
    const p = (await get(demo, `${API}/periods/${PERIOD}`)).json();
    expect(p).toMatchObject({ period: PERIOD, state: 'open', closedReason: null });
  });

  it('two users selecting one invoice at once: one wins, the other is a 409 naming who holds it', async () => {
    const list = (await get(demo, `${API}/invoices?period=${PERIOD}&limit=1`)).json();
    const id = list.rows[0].id;
    const [a, b] = await Promise.all([
      post(demo, `${API}/select`, { period: PERIOD, ids: [id] }),
      post(clerk, `${API}/select`, { period: PERIOD, ids: [id] }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toContain('已由');
    expect(loser.json().message).toContain('勾选');
    // The refusal names the winner, whichever of the two it was.
    const [winner] = await app()
      .services.db.select({ name: users.name })
      .from(users)
      .where(eq(users.username, a.statusCode === 200 ? 'demo' : 'clerk'));
    expect(loser.json().message).toContain(winner.name);
    const rows = await app()
      .services.db.select()
      .from(deductionSelections)
      .where(and(eq(deductionSelections.tenantId, demoId), eq(deductionSelections.receivedInvoiceId, id)));
    expect(rows.length).toBe(1);
    // 处理中 until the bureau answers, then selected; the period's running totals count it.
    await settle(demoId);
    const [row] = await app()
      .services.db.select()
      .from(deductionSelections)
      .where(eq(deductionSelections.id, rows[0].id));
    expect(row.state).toBe('selected');
    const p = (await get(demo, `${API}/periods/${PERIOD}`)).json();
    expect(p.selected.count).toBe(1);
    expect(p.selected.taxFen).toBe(row.taxFen);
    const audits = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'deductionSelection'), eq(resourceChanges.recordId, row.id)));
    expect(audits.map((x) => x.action).sort()).toEqual(['bureau_selected', 'select']);
    // Selecting it again is refused with who and when.
    const again = await post(demo, `${API}/select`, { period: PERIOD, ids: [id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(PERIOD);
  });

  it('a red-lettered, voided or abnormal invoice cannot be selected', async () => {
    const bad = (await received(demoId)).filter(
      (x) => x.invoiceType === 'digital_special' && x.state !== 'normal' && x.colour === 'blue',
    );
    expect(bad.length).toBeGreaterThan(0);
    const r = await post(demo, `${API}/select`, { period: PERIOD, ids: [bad[0].id] });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toContain('不能勾选');
    // In a bulk selection it is skipped with its reason.
    const ok = (await get(demo, `${API}/invoices?period=${PERIOD}&limit=2`)).json().rows;
    const bulk = await post(demo, `${API}/select`, {
      period: PERIOD,
      ids: [bad[0].id, ...ok.map((x: { id: number }) => x.id)],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().sent).toBe(ok.length);
    expect(bulk.json().skipped).toEqual([
      { id: bad[0].id, number: bad[0].number, reason: 'DEDUCTION_STATE_NOT_NORMAL' },
    ]);
    await settle(demoId);
  });

  it('bulk by filter selects what is selectable; undo returns one', async () => {
    const before = (await get(demo, `${API}/periods/${PERIOD}`)).json();
    const r = await post(demo, `${API}/select-by-filter`, { period: PERIOD, rate: 'rate_13' });
    expect(r.statusCode, r.body).toBe(200);
    await settle(demoId);
    const after = (await get(demo, `${API}/periods/${PERIOD}`)).json();
    expect(after.selected.count).toBe(before.selected.count + r.json().sent);
    const left = (await get(demo, `${API}/invoices?period=${PERIOD}&rate=rate_13`)).json();
    expect(left.total).toBe(0);
    const selected = (await get(demo, `${API}/invoices?period=${PERIOD}&view=selected&limit=100`)).json();
    expect(selected.total).toBe(after.selected.count);
    const sum = selected.rows.reduce((s: number, x: { taxFen: number }) => s + x.taxFen, 0);
    expect(sum).toBe(after.selected.taxFen);
    const one = selected.rows[0];
    const u = await post(demo, `${API}/undo`, { period: PERIOD, ids: [one.id] });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json().sent).toBe(1);
    await settle(demoId);
    const last = (await get(demo, `${API}/periods/${PERIOD}`)).json();
    expect(last.selected.count).toBe(after.selected.count - 1);
    expect((await post(demo, `${API}/undo`, { period: PERIOD, ids: [one.id] })).statusCode).toBe(409);
  });
});

describe('a selected invoice turning abnormal', () => {
  it('is flagged on its selection (转出) and warned, in the transaction that records the change', async () => {
    const [sel] = await app()
      .services.db.select()
      .from(deductionSelections)
      .where(and(eq(deductionSelections.tenantId, demoId), eq(deductionSelections.state, 'selected')))
      .limit(1);
    const [inv] = await app()
      .services.db.select()
      .from(receivedInvoices)
      .where(eq(receivedInvoices.id, sel.receivedInvoiceId));
    await withTransaction({ db: app().services.db }, (tx) =>
      recordReceived(tx, {
        tenantId: demoId,
        source: 'sync',
        fields: {
          code: inv.code,
          number: inv.number,
          buyerTaxNumber: inv.buyerTaxNumber,
          buyerName: inv.buyerName,
          sellerName: inv.sellerName,
          sellerTaxNumber: inv.sellerTaxNumber,
          type: inv.invoiceType as 'digital_special',
          colour: 'blue',
          issueDate: inv.issueDate,
          amountFen: inv.amountFen,
          taxFen: inv.taxFen,
          totalFen: inv.totalFen,
          state: 'abnormal',
          stateChangedAt: new Date(),
        },
      }),
    );
    const [after] = await app()
      .services.db.select()
      .from(deductionSelections)
      .where(eq(deductionSelections.id, sel.id));
    expect(after).toMatchObject({ state: 'selected', flag: 'abnormal' });
    expect((await get(demo, `${API}/periods/${sel.period}`)).json().flagged).toBeGreaterThanOrEqual(1);
    const warned = await app()
      .services.db.select()
      .from(purchaseWarnings)
      .where(and(eq(purchaseWarnings.tenantId, demoId), eq(purchaseWarnings.invoiceKey, inv.invoiceKey)));
    expect(warned.map((w) => w.kind)).toContain('abnormal');
  });
});

describe('统计 / 确认 across tenants', () => {
  it('B selects A’s invoice, applies statistics, a wrong password is refused, confirms; the period is locked', async () => {
    const list = (await get(brand, `${API}/invoices?period=${PERIOD}&limit=100`)).json();
    const row = list.rows.find((x: { number: string }) => x.number === fromDemo);
    expect(row, JSON.stringify(list)).toBeTruthy();
    expect(row.sellerTaxNumber).toBe(DEMO_TAX);
    expect((await post(brand, `${API}/select`, { period: PERIOD, ids: [row.id] })).statusCode).toBe(200);
    // 申请统计 waits for the bureau's answer.
    const early = await post(brand, `${API}/periods/${PERIOD}/apply-stats`);
    expect([200, 409]).toContain(early.statusCode);
    if (early.statusCode === 409) {
      await settle(brandId);
      const s = await post(brand, `${API}/periods/${PERIOD}/apply-stats`);
      expect(s.statusCode, s.body).toBe(200);
    }
    let p = (await get(brand, `${API}/periods/${PERIOD}`)).json();
    expect(p.state).toBe('stats_applied');
    expect(p.stats).toMatchObject({ count: 1, taxFen: row.taxFen });
    // Counted: selections cannot change.
    const other = list.rows.find((x: { number: string }) => x.number !== fromDemo);
    const locked = await post(brand, `${API}/select`, { period: PERIOD, ids: [other.id] });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toContain('已申请统计或已确认');
    // 撤销统计 and again.
    expect((await post(brand, `${API}/periods/${PERIOD}/undo-stats`)).statusCode).toBe(200);
    expect((await post(brand, `${API}/periods/${PERIOD}/apply-stats`)).statusCode).toBe(200);
    // A wrong second password: refused, not echoed, nothing changes.
    const wrong = await post(brand, `${API}/periods/${PERIOD}/confirm`, { password: 'Guess#4711' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).not.toContain('Guess#4711');
    expect(wrong.json().message).toBe('确认密码不正确');
    const refused = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(
        and(eq(resourceChanges.resource, 'purchasePeriod'), eq(resourceChanges.action, 'confirm_refused')),
      );
    expect(refused.length).toBe(1);
    expect(JSON.stringify(refused[0])).not.toContain('Guess#4711');
    expect((await get(brand, `${API}/periods/${PERIOD}`)).json().state).toBe('stats_applied');
    // The user's own password confirms.
    const ok = await post(brand, `${API}/periods/${PERIOD}/confirm`, { password: 'Brand@123' });
    expect(ok.statusCode, ok.body).toBe(200);
    p = ok.json();
    expect(p).toMatchObject({ state: 'confirmed', closedReason: 'DEDUCTION_PERIOD_LOCKED' });
    expect(p.confirmedByName).toBeTruthy();
    // Confirmed: nothing changes any more.
    expect((await post(brand, `${API}/undo`, { period: PERIOD, ids: [row.id] })).statusCode).toBe(409);
    expect((await post(brand, `${API}/periods/${PERIOD}/undo-stats`)).statusCode).toBe(409);
    expect(
      (await post(brand, `${API}/periods/${PERIOD}/confirm`, { password: 'Brand@123' })).statusCode,
    ).toBe(409);
    const audits = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(
        and(eq(resourceChanges.resource, 'purchasePeriod'), ne(resourceChanges.action, 'confirm_refused')),
      );
    expect(audits.map((a) => a.action)).toEqual(['applyStats', 'undoStats', 'applyStats', 'confirm']);
    // 税款测算: input tax confirmed against brand's output tax.
    const tp = (await get(brand, `${API}/tax-payment?period=${PERIOD}`)).json();
    expect(tp).toMatchObject({ period: PERIOD, periodState: 'confirmed', inputConfirmed: true });
    expect(tp.input.taxFen).toBe(row.taxFen);
    expect(tp.payableFen - tp.carryForwardFen).toBe(tp.output.taxFen - tp.input.taxFen - tp.carriedCreditFen);
  });

  it('tenants apart: another company’s invoice is not found and not listed', async () => {
    const theirs = (await received(demoId))[0];
    const r = await post(brand, `${API}/select`, { period: PERIOD, ids: [theirs.id] });
    expect(r.statusCode).toBe(404);
    const list = (await get(brand, `${API}/invoices?period=${PERIOD}&view=all&limit=500`)).json();
    expect(list.rows.some((x: { id: number }) => x.id === theirs.id)).toBe(false);
    const bare = await bareUserToken(app());
    expect((await get(bare, `${API}/invoices?period=${PERIOD}`)).statusCode).toBe(403);
    expect((await post(bare, `${API}/select`, { period: PERIOD, ids: [theirs.id] })).statusCode).toBe(403);
  });

  it('the overview lists the current period and the ones before', async () => {
    const r = await get(brand, `${API}/overview`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().current).toBe(PERIOD);
    expect(r.json().periods[0]).toMatchObject({ period: PERIOD, state: 'confirmed' });
    expect(r.json().periods.length).toBe(6);
  });

  it('guessing the second password is bounded: past the budget even the right one waits', async () => {
    // brand's period is confirmed above; the password is checked before the period, so each try counts. One wrong
    // password was typed above: four more are answered 400, the sixth of the window is refused.
    for (let i = 0; i < 4; i++) {
      const r = await post(brand, `${API}/periods/${PERIOD}/confirm`, { password: `Guess#${i}` });
      expect(r.statusCode, r.body).toBe(400);
    }
    const sixth = await post(brand, `${API}/periods/${PERIOD}/confirm`, { password: 'Guess#6' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/确认密码错误次数过多，请 1[0-5] 分钟后再试/);
    const right = await post(brand, `${API}/periods/${PERIOD}/confirm`, { password: 'Brand@123' });
    expect(right.statusCode).toBe(429);
    // Another user of another company is not held by brand's guesses.
    expect((await post(demo, `${API}/periods/${PERIOD}/confirm`, { password: 'Guess#x' })).statusCode).toBe(
      400,
    );
  });
});

describe('bad input', () => {
  it('is a 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      [`${API}/select`, { period: '2026-11', ids: [1] }, 'period'],
      [`${API}/select`, { period: '202613', ids: [1] }, 'period'],
      [`${API}/select`, { period: PERIOD, ids: [] }, 'ids'],
      [`${API}/select`, { period: PERIOD, ids: Array.from({ length: 201 }, (_, i) => i + 1) }, 'ids'],
      [`${API}/select`, { period: PERIOD, ids: [-1] }, 'ids'],
      [`${API}/select-by-filter`, { period: PERIOD, rate: 'rate_99' }, 'rate'],
      [`${API}/undo`, { period: PERIOD, ids: ['x'] }, 'ids'],
      [`${API}/periods/${PERIOD}/confirm`, { password: '' }, 'password'],
      [`${API}/periods/${PERIOD}/confirm`, { password: 'x'.repeat(200) }, 'password'],
    ];
    for (const [url, body, field] of cases) {
      const r = await post(demo, url, body);
      expect(r.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(r.body).toContain(field);
    }
    for (const q of ['period=x', 'period=202611&view=mine', 'period=202611&limit=9999']) {
      const r = await get(demo, `${API}/invoices?${q}`);
      expect(r.statusCode, q).toBe(400);
    }
    expect((await post(demo, `${API}/periods/2026-11/apply-stats`)).statusCode).toBe(400);
  });
});
