import { receivedInvoices, receivedLineCodings, resourceChanges, tenants } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/lib/write/index.ts';
import { recordReceived } from '../../src/modules/purchase/received-invoices/index.ts';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { sandbox } from '../platform/tax-gateway-helpers.ts';

/**
 * 商品编码更新 (issue 31, lane PSTATS): 入账编码规则 as a declared resource, and 批量更新编码 over the received lines —
 * the preview equals what a hand evaluation of the rules says and writes nothing; applying writes exactly that
 * (audited), a second run changes nothing, coded lines keep their codes unless overwritten; priority and supplier
 * limits decide between rules; tenants apart; bad input 400 naming the field.
 */
const app = useTestApp();
const API = '/api/purchase/code-rules';
const DEMO_TAX = '91310115MA1K4GDM05';
const HENGXIN = '91310104MA1FR5XK2L';
let demo: string;
let brand: string;
let demoId: number;

type Rule = {
  id: number;
  matchKind: 'category' | 'keyword';
  matchValue: string;
  sellerTaxNumber: string | null;
  subjectCode: string;
  subjectName: string;
  materialCode: string | null;
  priority: number;
};
type Line = { name: string };

const send = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });
const apply = (token: string, body: object) => send(token, 'POST', `${API}/apply`, body);

/** The rules evaluated by hand: the first by priority, then id, matching each line of the company's invoices. */
async function expected(rules: Rule[]) {
  const rows = await app()
    .services.db.select()
    .from(receivedInvoices)
    .where(eq(receivedInvoices.tenantId, demoId));
  const sorted = [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id);
  const out = new Map<string, Rule>();
  let lines = 0;
  for (const r of rows)
    (r.lines as Line[]).forEach((l, i) => {
      lines++;
      const category = /^\*([^*]+)\*/.exec(l.name)?.[1];
      const rule = sorted.find(
        (x) =>
          (!x.sellerTaxNumber || x.sellerTaxNumber === r.sellerTaxNumber) &&
          (x.matchKind === 'category' ? category === x.matchValue : l.name.includes(x.matchValue)),
      );
      if (rule) out.set(`${r.id}-${i}`, rule);
    });
  return { lines, matched: out };
}

const codings = () =>
  app().services.db.select().from(receivedLineCodings).where(eq(receivedLineCodings.tenantId, demoId));

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  const db = app().services.db;
  const [d] = await db.select().from(tenants).where(eq(tenants.creditCode, DEMO_TAX));
  demoId = d.id;
  const { gw } = sandbox(db, new Date().toISOString());
  await gw.seedSupplierStream({ name: d.name, taxNumber: DEMO_TAX }, 30, 120);
  const r = await send(demo, 'POST', '/api/purchase/received-invoices/sync');
  expect(r.statusCode, r.body).toBe(200);
  // A product-style invoice whose lines carry the 税收分类简称 between asterisks.
  await withTransaction({ db }, (tx) =>
    recordReceived(tx, {
      tenantId: demoId,
      source: 'manual',
      fields: {
        number: '26312000000000000777',
        buyerTaxNumber: DEMO_TAX,
        buyerName: d.name,
        sellerName: '上海供应商科技有限公司',
        sellerTaxNumber: '91310000MA1FL0CODE',
        type: 'digital_special',
        colour: 'blue',
        issueDate: new Date().toISOString().slice(0, 10),
        amountFen: 30_000,
        taxFen: 3_900,
        totalFen: 33_900,
        lines: [
          { name: '*办公用品*A4打印纸', amountFen: 10_000, taxFen: 1_300, rate: 'rate_13' },
          { name: '*计算机外部设备*键盘', amountFen: 20_000, taxFen: 2_600, rate: 'rate_13' },
        ],
      },
    }),
  );
});

describe('入账编码规则 (resource)', () => {
  it('creates, lists with coded counts, refuses duplicates and bad fields with 400 naming the field', async () => {
    const rules = [
      { matchKind: 'keyword', matchValue: '运输服务', subjectCode: '660105', subjectName: '销售费用-运输费' },
      {
        matchKind: 'category',
        matchValue: '办公用品',
        subjectCode: '660202',
        subjectName: '管理费用-办公费',
        materialCode: 'M-001',
      },
      { matchKind: 'keyword', matchValue: '办公用品', subjectCode: '660202', subjectName: '管理费用-办公费' },
      {
        matchKind: 'keyword',
        matchValue: '打印纸',
        sellerTaxNumber: HENGXIN,
        subjectCode: '1403.01',
        subjectName: '原材料-纸张',
        materialCode: 'PAPER-A4',
        priority: 10,
      },
      {
        matchKind: 'keyword',
        matchValue: '纸',
        subjectCode: '660299',
        subjectName: '管理费用-其他',
        priority: 200,
      },
    ];
    for (const body of rules) {
      const r = await send(demo, 'POST', API, body);
      expect(r.statusCode, r.body).toBe(200);
    }
    const dup = await send(demo, 'POST', API, rules[0]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code ?? dup.body).toContain('CODE_RULE_DUPLICATE');
    // The same keyword for one supplier only is another rule.
    const scoped = await send(demo, 'POST', API, { ...rules[0], sellerTaxNumber: HENGXIN, priority: 300 });
    expect(scoped.statusCode, scoped.body).toBe(200);
    const bad: [object, string][] = [
      [{ ...rules[0], matchKind: 'regex', matchValue: 'x1' }, 'matchKind'],
      [{ ...rules[0], matchValue: '*办公用品*' }, 'matchValue'],
      [{ ...rules[0], matchValue: '' }, 'matchValue'],
      [{ ...rules[0], matchValue: 'y2', subjectCode: '科目' }, 'subjectCode'],
      [{ ...rules[0], matchValue: 'y3', sellerTaxNumber: 'abc' }, 'sellerTaxNumber'],
      [{ ...rules[0], matchValue: 'y4', priority: 0 }, 'priority'],
      [{ ...rules[0], matchValue: 'y5', subjectName: 'x'.repeat(61) }, 'subjectName'],
    ];
    for (const [body, field] of bad) {
      const r = await send(demo, 'POST', API, body);
      expect(r.statusCode, field).toBe(400);
      expect(r.body, field).toContain(field);
    }
    const list = (await send(demo, 'GET', `${API}?limit=50`)).json();
    expect(list.total).toBe(6);
    expect(list.rows[0].priority).toBe(10);
    expect(list.rows.every((x: { codedLines: number }) => x.codedLines === 0)).toBe(true);
    // Another company sees none of them.
    expect((await send(brand, 'GET', API)).json().total).toBe(0);
    expect((await send(brand, 'GET', `${API}/${list.rows[0].id}`)).statusCode).toBe(404);
    const bare = await bareUserToken(app());
    expect((await send(bare, 'GET', API)).statusCode).toBe(403);
    expect((await apply(bare, {})).statusCode).toBe(403);
  });
});

describe('批量更新编码 (apply)', () => {
  let rules: Rule[];
  beforeAll(async () => {
    rules = (await send(demo, 'GET', `${API}?limit=50`)).json().rows;
  });

  it('the preview equals the rules evaluated by hand and writes nothing', async () => {
    const want = await expected(rules);
    const r = await apply(demo, { preview: true });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json();
    expect(p).toMatchObject({ preview: true, lines: want.lines, matched: want.matched.size, kept: 0 });
    expect(p.changed).toBe(want.matched.size);
    expect(p.matched).toBeGreaterThan(5);
    expect(p.matched).toBeLessThan(p.lines);
    for (const s of p.samples)
      expect(s.ruleId).toBe(want.matched.get(`${s.receivedInvoiceId}-${s.lineNo}`)!.id);
    const perRule = new Map<number, number>();
    for (const rule of want.matched.values()) perRule.set(rule.id, (perRule.get(rule.id) ?? 0) + 1);
    expect(new Map(p.byRule.map((x: { ruleId: number; lines: number }) => [x.ruleId, x.lines]))).toEqual(
      perRule,
    );
    // Priority and supplier: 恒信's 打印纸 takes the supplier rule (10), not 纸 (200); the category rule codes
    // *办公用品*A4打印纸 before the keyword 打印纸 could (its supplier is another).
    const byId = new Map(rules.map((x) => [x.id, x]));
    const hengxinPaper = [...want.matched.entries()].find(([, x]) => x.matchValue === '打印纸');
    if (hengxinPaper) expect(byId.get(hengxinPaper[1].id)!.priority).toBe(10);
    expect([...want.matched.values()].some((x) => x.matchKind === 'category')).toBe(true);
    expect(await codings()).toHaveLength(0);
  });

  it('applies: writes exactly the preview, audited; a second run changes nothing', async () => {
    const want = await expected(rules);
    const r = await apply(demo, { preview: false });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ preview: false, changed: want.matched.size });
    const rows = await codings();
    expect(rows).toHaveLength(want.matched.size);
    for (const c of rows) {
      const rule = want.matched.get(`${c.receivedInvoiceId}-${c.lineNo}`)!;
      expect(c).toMatchObject({
        ruleId: rule.id,
        subjectCode: rule.subjectCode,
        subjectName: rule.subjectName,
        materialCode: rule.materialCode ?? null,
      });
    }
    const audits = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'receivedLineCodings'), eq(resourceChanges.action, 'apply')));
    expect(audits).toHaveLength(1);
    expect(audits[0].tenantId).toBe(demoId);
    const again = (await apply(demo, { preview: false })).json();
    expect(again).toMatchObject({ changed: 0, kept: 0, matched: want.matched.size });
    expect(await codings()).toHaveLength(want.matched.size);
    const list = (await send(demo, 'GET', `${API}?limit=50`)).json();
    const total = list.rows.reduce((s: number, x: { codedLines: number }) => s + x.codedLines, 0);
    expect(total).toBe(want.matched.size);
    // 发票查询's detail shows each coded line's codes (the line is its 0-based position).
    const coded = rows[0];
    const detail = await send(demo, 'GET', `/api/purchase/received-invoices/${coded.receivedInvoiceId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const mine = rows.filter((c) => c.receivedInvoiceId === coded.receivedInvoiceId);
    expect(detail.json().lineCodes).toEqual(
      mine
        .sort((a, b) => a.lineNo - b.lineNo)
        .map((c) => ({
          lineNo: c.lineNo,
          subjectCode: c.subjectCode,
          subjectName: c.subjectName,
          materialCode: c.materialCode,
        })),
    );
  });

  it('a changed rule: coded lines keep their codes unless overwritten', async () => {
    const transport = rules.find((x) => x.matchValue === '运输服务' && !x.sellerTaxNumber)!;
    const n = (await codings()).filter((c) => c.ruleId === transport.id).length;
    expect(n).toBeGreaterThan(0);
    const put = await send(demo, 'PUT', `${API}/${transport.id}`, {
      subjectCode: '6601.05',
      subjectName: '销售费用-运费',
    });
    expect(put.statusCode, put.body).toBe(200);
    const keep = (await apply(demo, { preview: false })).json();
    expect(keep).toMatchObject({ changed: 0, kept: n });
    expect((await codings()).filter((c) => c.subjectCode === '6601.05')).toHaveLength(0);
    const preview = (await apply(demo, { overwrite: true })).json();
    expect(preview).toMatchObject({ preview: true, changed: n });
    expect(preview.samples[0]).toMatchObject({ fromCode: '660105', toCode: '6601.05' });
    const over = (await apply(demo, { overwrite: true, preview: false })).json();
    expect(over.changed).toBe(n);
    expect((await codings()).filter((c) => c.subjectCode === '6601.05')).toHaveLength(n);
  });

  it('a period range limits the lines; another company codes none of them', async () => {
    const rows = await app()
      .services.db.select()
      .from(receivedInvoices)
      .where(eq(receivedInvoices.tenantId, demoId));
    const period = rows[0].period;
    const inPeriod = rows
      .filter((r) => r.period === period)
      .reduce((s, r) => s + (r.lines as Line[]).length, 0);
    const p = (await apply(demo, { periodFrom: period, periodTo: period })).json();
    expect(p.lines).toBe(inPeriod);
    const before = (await codings()).length;
    const b = (await apply(brand, { preview: false })).json();
    expect(b).toMatchObject({ matched: 0, changed: 0 });
    expect((await codings()).length).toBe(before);
  });

  it('deleting a rule keeps the codes its lines got', async () => {
    const office = rules.find((x) => x.matchKind === 'category')!;
    const coded = (await codings()).filter((c) => c.ruleId === office.id);
    expect(coded.length).toBeGreaterThan(0);
    expect((await send(demo, 'DELETE', `${API}/${office.id}`)).statusCode).toBe(200);
    const after = await codings();
    for (const c of coded) {
      const now = after.find((x) => x.id === c.id)!;
      expect(now).toMatchObject({ ruleId: null, subjectCode: c.subjectCode });
    }
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ periodFrom: '2026-1' }, 'periodFrom'],
      [{ periodTo: '202613' }, 'periodTo'],
      [{ periodFrom: '202611', periodTo: '202601' }, 'periodTo'],
      [{ overwrite: 'yes' }, 'overwrite'],
      [{ preview: 1 }, 'preview'],
    ];
    for (const [body, field] of cases) {
      const r = await apply(demo, body);
      expect(r.statusCode, field).toBe(400);
      expect(r.body, field).toContain(field);
    }
  });
});
