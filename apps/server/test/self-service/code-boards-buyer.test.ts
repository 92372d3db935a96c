import { codeBoards, invoiceRequests } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

/**
 * Issue 30 §1–3, code boards: a buyer scans a board, asks for an amount under the cap in an allowed category;
 * auto-approved boards issue at once, manual ones wait for the seller (invoiceApply); cap and category
 * refusals, disabled / switched-off / forged / unknown codes answer alike, per-code rate limits.
 */
const app = useTestApp();
const BOARDS = '/api/self-service/v1/code-boards';
const CONTROLS = '/api/self-service/v1/code-board-controls';
const REQUESTS = '/api/self-service/requests';
const GOODS = '/api/billing/v1/userCommodityCode';
const PUB = '/api/public/self-service/boards';

let nextIp = 1;
const newIp = () => `203.0.113.${nextIp++}`;
let demo: string;
let brand: string;
let food: number;
let parking: number;

const TITLE = { kind: 'company', name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' };

const inject = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });

async function commodity(token: string, name: string) {
  const res = await inject(token, 'POST', GOODS, { name, taxCode: '3070401000000000000', rate: 'rate_6' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function createBoard(extra: object = {}, token = demo) {
  const res = await inject(token, 'POST', BOARDS, {
    name: `柜台${Math.random().toString(36).slice(2, 8)}`,
    kind: 'counter',
    invoiceKind: 'allEle',
    categoryIds: `${food}`,
    capFen: 50_000,
    approval: 'auto',
    enabled: true,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; code: string };
}

function buyer(ip = newIp()) {
  return {
    open: (code: string) => app().app.inject({ url: `${PUB}/${code}`, remoteAddress: ip }),
    submit: (code: string, body: object) =>
      app().app.inject({ method: 'POST', url: `${PUB}/${code}/requests`, payload: body, remoteAddress: ip }),
    status: (code: string, token: string) =>
      app().app.inject({ url: `${PUB}/${code}/requests/${token}`, remoteAddress: ip }),
  };
}

const ask = (amountFen: number, categoryId = food, extra: object = {}) => ({
  amountFen,
  categoryId,
  title: TITLE,
  ...extra,
});
const settle = async () => {
  await app().services.jobs.drain();
  await app().services.jobs.drain();
};

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  food = await commodity(demo, '码牌餐费');
  parking = await commodity(demo, '码牌停车费');
});

describe('a buyer at a code board', () => {
  it('auto-approve: scan → ask under the cap → issued → the invoice link', async () => {
    const board = await createBoard();
    const b = buyer();
    const seen = await b.open(board.code);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ capFen: 50_000, autoApprove: true, invoiceKind: 'allEle' });
    expect(seen.json().categories).toEqual([{ id: food, name: expect.stringContaining('码牌餐费') }]);
    expect(seen.json().sellerName).toBeTruthy();

    const sub = await b.submit(board.code, ask(12_800));
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json()).toMatchObject({ state: 'approved', amountFen: 12_800, buyerName: TITLE.name });
    const token = sub.json().token as string;
    await settle();
    const st = await b.status(board.code, token);
    expect(st.statusCode, st.body).toBe(200);
    expect(st.json().state).toBe('issued');
    expect(st.json().invoiceUrl).toMatch(/^\/smsDetail\?c=[0-9A-Za-z]+$/);
    const [row] = await app()
      .services.db.select()
      .from(invoiceRequests)
      .where(eq(invoiceRequests.token, token));
    expect(row).toMatchObject({ source: 'board', sourceId: board.id, amountFen: 12_800, state: 'issued' });
    expect(row.lines[0]).toMatchObject({ commodityId: food, amountFen: 12_800 });
  });

  it('manual review: pending until the seller approves in the console; rejection carries the reason', async () => {
    const board = await createBoard({ approval: 'manual' });
    const b = buyer();
    const sub = await b.submit(board.code, ask(9_900));
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().state).toBe('pending');
    await settle();
    expect((await b.status(board.code, sub.json().token)).json().state).toBe('pending');
    const [row] = await app()
      .services.db.select()
      .from(invoiceRequests)
      .where(eq(invoiceRequests.token, sub.json().token));
    const ok = await inject(demo, 'POST', `${REQUESTS}/approve`, { ids: [row.id] });
    expect(ok.json().done).toEqual([row.id]);
    await settle();
    expect((await b.status(board.code, sub.json().token)).json().state).toBe('issued');

    const sub2 = await b.submit(board.code, ask(5_000));
    const [row2] = await app()
      .services.db.select()
      .from(invoiceRequests)
      .where(eq(invoiceRequests.token, sub2.json().token));
    await inject(demo, 'POST', `${REQUESTS}/reject`, { ids: [row2.id], reason: '金额与消费不符' });
    const st = (await b.status(board.code, sub2.json().token)).json();
    expect(st).toMatchObject({ state: 'rejected', rejectReason: '金额与消费不符', invoiceUrl: null });
  });

  it('auto-approval is off company-wide when 码牌管控 says so', async () => {
    const board = await createBoard();
    const ctl = await inject(demo, 'POST', CONTROLS, {
      enabled: true,
      autoApproveAllowed: false,
      maxCapFen: 0,
      dailyRequests: 0,
    });
    expect(ctl.statusCode, ctl.body).toBe(200);
    try {
      const b = buyer();
      expect((await b.open(board.code)).json().autoApprove).toBe(false);
      expect((await b.submit(board.code, ask(1_000))).json().state).toBe('pending');
    } finally {
      await app().app.inject({
        method: 'DELETE',
        url: `${CONTROLS}/${ctl.json().id}`,
        headers: bearer(demo),
      });
    }
  });

  it('refuses an amount above the cap and a category the board does not allow, writing nothing', async () => {
    const board = await createBoard({ capFen: 20_000 });
    const b = buyer();
    const before = (await app().services.db.select().from(invoiceRequests)).length;
    const over = await b.submit(board.code, ask(20_001));
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('CODE_BOARD_OVER_CAP');
    expect(over.json().message).toContain('200.00');
    const atCap = await b.submit(board.code, ask(20_000));
    expect(atCap.statusCode, atCap.body).toBe(200);
    const wrong = await b.submit(board.code, ask(1_000, parking));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_BOARD_CATEGORY_REFUSED');
    const zero = await b.submit(board.code, ask(0));
    expect(zero.statusCode).toBe(400);
    const noTax = await b.submit(board.code, {
      ...ask(1_000),
      title: { kind: 'company', name: '某某有限公司', taxNumber: 'X' },
    });
    expect(noTax.statusCode).toBe(400);
    expect((await app().services.db.select().from(invoiceRequests)).length).toBe(before + 1);
    // The company's ceiling lowers the cap the buyer meets.
    const ctl = await inject(demo, 'POST', CONTROLS, {
      enabled: true,
      autoApproveAllowed: true,
      maxCapFen: 0,
      dailyRequests: 0,
    });
    await inject(demo, 'PUT', `${CONTROLS}/${ctl.json().id}`, {
      enabled: true,
      autoApproveAllowed: true,
      maxCapFen: 15_000,
      dailyRequests: 0,
    });
    expect((await b.open(board.code)).json().capFen).toBe(15_000);
    expect((await b.submit(board.code, ask(16_000))).json().code).toBe('CODE_BOARD_OVER_CAP');
    await app().app.inject({ method: 'DELETE', url: `${CONTROLS}/${ctl.json().id}`, headers: bearer(demo) });
  });

  it('a disabled board, a company switched off, an unknown and a forged code all answer alike', async () => {
    const board = await createBoard();
    const other = await createBoard({}, brand).catch(() => null);
    const b = buyer();
    const alike = async (code: string) => {
      const open = await b.open(code);
      const sub = await b.submit(code, ask(1_000));
      const st = await b.status(code, 'AAAAAAAAAAAAAAAA');
      for (const r of [open, sub, st]) {
        expect(r.statusCode, `${code}: ${r.body}`).toBe(404);
        expect(r.json().code).toBe('CODE_BOARD_UNAVAILABLE');
      }
      return open.json().message as string;
    };
    const forged = await alike('A'.repeat(20));
    expect(await alike('not-a-code')).toBe(forged);
    expect(await alike(`${board.code}x`)).toBe(forged);

    await inject(demo, 'POST', `${BOARDS}/bulk/disable`, { ids: [board.id] });
    expect(await alike(board.code)).toBe(forged);
    await inject(demo, 'POST', `${BOARDS}/bulk/enable`, { ids: [board.id] });
    expect((await b.open(board.code)).statusCode).toBe(200);

    const ctl = await inject(demo, 'POST', CONTROLS, {
      enabled: false,
      autoApproveAllowed: true,
      maxCapFen: 0,
      dailyRequests: 0,
    });
    expect(await alike(board.code)).toBe(forged);
    await app().app.inject({ method: 'DELETE', url: `${CONTROLS}/${ctl.json().id}`, headers: bearer(demo) });

    // The seller's one switch for self-service invoicing (扫码开票设置) pauses its boards too.
    const INVOICE = '/api/self-service/titles/scan-invoice';
    const paused = { enabled: false, titleSearch: true, titleUpload: true, rememberTitles: true };
    expect((await inject(demo, 'PUT', INVOICE, paused)).statusCode).toBe(200);
    try {
      expect(await alike(board.code)).toBe(forged);
    } finally {
      await inject(demo, 'PUT', INVOICE, { ...paused, enabled: true });
    }
    expect((await b.open(board.code)).statusCode).toBe(200);

    // Another company's request token read through this board: unknown.
    if (other) {
      const mine = await buyer().submit(other.code, ask(1_000));
      if (mine.statusCode === 200) {
        const cross = await b.status(board.code, mine.json().token);
        expect(cross.statusCode).toBe(404);
        expect(cross.json().code).toBe('CODE_BOARD_REQUEST_UNKNOWN');
      }
    }
  });

  it('guessing codes from one address is stopped; each code has its own budget of requests', async () => {
    const ip = newIp();
    const g = buyer(ip);
    let last = 0;
    for (let i = 0; i < 25; i++) last = (await g.open(`${'B'.repeat(19)}${i % 10}`)).statusCode;
    expect(last).toBe(429);
    const board = await createBoard({ approval: 'manual', capFen: 100 });
    // A working code from that address is refused too while the window lasts.
    expect((await g.open(board.code)).statusCode).toBe(429);

    // Per code, whatever the address: 30 asks a minute.
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await buyer().submit(board.code, ask(100))).statusCode);
    expect(codes.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('码牌查询 shows each board with its requests and amounts', async () => {
    const board = await createBoard({ approval: 'manual' });
    const b = buyer();
    for (const fen of [1_000, 2_000, 3_000])
      expect((await b.submit(board.code, ask(fen))).statusCode).toBe(200);
    const rows = await app()
      .services.db.select()
      .from(invoiceRequests)
      .where(eq(invoiceRequests.sourceId, board.id));
    const mine = rows.filter((r) => r.source === 'board').sort((x, y) => x.amountFen - y.amountFen);
    await inject(demo, 'POST', `${REQUESTS}/approve`, { ids: [mine[2].id] });
    await inject(demo, 'POST', `${REQUESTS}/reject`, { ids: [mine[0].id], reason: '重复申请' });
    await settle();
    const res = await inject(demo, 'GET', `/api/self-service/v1/code-board-query/${board.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      requestCount: 3,
      pendingCount: 1,
      issuedCount: 1,
      requestedFen: 5_000,
      issuedFen: 3_000,
    });
    expect((await inject(brand, 'GET', `/api/self-service/v1/code-board-query/${board.id}`)).statusCode).toBe(
      404,
    );
  });

  it('the daily limit of 码牌管控 holds per board', async () => {
    const board = await createBoard({ approval: 'manual' });
    const ctl = await inject(demo, 'POST', CONTROLS, {
      enabled: true,
      autoApproveAllowed: true,
      maxCapFen: 0,
      dailyRequests: 2,
    });
    try {
      const res = await Promise.all([1, 2, 3, 4].map(() => buyer().submit(board.code, ask(100))));
      expect(res.filter((r) => r.statusCode === 200)).toHaveLength(2);
      const refused = res.filter((r) => r.statusCode !== 200);
      expect(refused.map((r) => r.json().code)).toEqual(['CODE_BOARD_DAILY_LIMIT', 'CODE_BOARD_DAILY_LIMIT']);
    } finally {
      await app().app.inject({
        method: 'DELETE',
        url: `${CONTROLS}/${ctl.json().id}`,
        headers: bearer(demo),
      });
    }
    const [b] = await app().services.db.select().from(codeBoards).where(eq(codeBoards.id, board.id));
    expect(b.enabled).toBe(true);
  });
});
