import { type Db, taxSandboxInvoiceMarks, taxSandboxInvoices } from '@fpy/db';
import type { InvoiceType, TaxRate } from '@fpy/domain';
import { and, asc, eq, gt, inArray, like, lte, sql } from 'drizzle-orm';
import type {
  CollectedInvoice,
  CollectRequest,
  CollectResult,
  IssueRequest,
  LayoutFile,
  ReceivedLayoutRequest,
  VerifiedState,
} from '../../../../gateways/tax-bureau/gateway.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { downloadLayout } from './layout.ts';
import { allocateSequence, formatDigitalNumber, regionOf } from './numbering.ts';
import { shanghaiDate, shanghaiMonth, shanghaiYear } from './options.ts';

type InvoiceRow = typeof taxSandboxInvoices.$inferSelect;
type MarkRow = typeof taxSandboxInvoiceMarks.$inferSelect;

const pairKey = (seller: string, number: string) => `${seller}|${number}`;

/**
 * 归集 (issue 31, lane CORE): every invoice the sandbox bureau issued to a buyer tax number — by any tenant of the
 * product or by the seeded outside suppliers — with the state changes seen after issue: a red invoice reversing it
 * (red), a bureau mark (abnormal / voided, tax_sandbox_invoice_marks). With `period` the month's invoices as they
 * stand; otherwise those issued or changed after `since` (the previous answer's cursor, an instant), up to `now`.
 * The cursor is the latest event answered; an answer may repeat an invoice (the collector is idempotent).
 */
export async function collectReceived(db: Db, req: CollectRequest, now: Date): Promise<CollectResult> {
  const buyer = req.buyerTaxNumber.trim();
  if (!buyer) return { invoices: [], cursor: req.since ?? null };
  const since = req.since ? new Date(req.since) : null;
  const sinceOk = since && !Number.isNaN(since.getTime()) ? since : null;
  const issuedCond = and(
    eq(taxSandboxInvoices.buyerTaxNumber, buyer),
    lte(taxSandboxInvoices.issuedAt, now),
    req.period
      ? like(taxSandboxInvoices.issueDate, `${req.period.slice(0, 4)}-${req.period.slice(4, 6)}-%`)
      : undefined,
    !req.period && sinceOk ? gt(taxSandboxInvoices.issuedAt, sinceOk) : undefined,
  );
  const touched = await db
    .select()
    .from(taxSandboxInvoices)
    .where(issuedCond)
    .orderBy(asc(taxSandboxInvoices.issuedAt));
  const rows = new Map<string, InvoiceRow>(touched.map((r) => [pairKey(r.sellerCreditCode, r.number), r]));
  // Changes after the cursor of invoices issued before it: marks, and blue invoices a new red one reverses.
  if (!req.period) {
    const marks = await db
      .select()
      .from(taxSandboxInvoiceMarks)
      .where(
        and(
          eq(taxSandboxInvoiceMarks.buyerTaxNumber, buyer),
          lte(taxSandboxInvoiceMarks.markedAt, now),
          sinceOk ? gt(taxSandboxInvoiceMarks.markedAt, sinceOk) : undefined,
        ),
      );
    const missing = [
      ...marks.map((m) => [m.sellerCreditCode, m.number] as const),
      ...touched
        .filter((r) => r.blueNumber)
        .map((r) => [r.sellerCreditCode, r.blueNumber as string] as const),
    ].filter(([s, n]) => !rows.has(pairKey(s, n)));
    if (missing.length) {
      const more = await db
        .select()
        .from(taxSandboxInvoices)
        .where(
          and(
            eq(taxSandboxInvoices.buyerTaxNumber, buyer),
            inArray(
              taxSandboxInvoices.number,
              missing.map(([, n]) => n),
            ),
          ),
        );
      for (const r of more) {
        const k = pairKey(r.sellerCreditCode, r.number);
        if (missing.some(([s, n]) => pairKey(s, n) === k)) rows.set(k, r);
      }
    }
  }
  if (!rows.size)
    return { invoices: [], cursor: req.period ? (req.since ?? null) : (sinceOk?.toISOString() ?? null) };

  const blues = [...rows.values()].filter((r) => r.colour === 'blue');
  const numbers = blues.map((r) => r.number);
  const [reds, marks] = numbers.length
    ? await Promise.all([
        db
          .select({
            seller: taxSandboxInvoices.sellerCreditCode,
            blueNumber: taxSandboxInvoices.blueNumber,
            issuedAt: taxSandboxInvoices.issuedAt,
          })
          .from(taxSandboxInvoices)
          .where(
            and(
              inArray(taxSandboxInvoices.blueNumber, numbers),
              eq(taxSandboxInvoices.colour, 'red'),
              lte(taxSandboxInvoices.issuedAt, now),
            ),
          ),
        db
          .select()
          .from(taxSandboxInvoiceMarks)
          .where(
            and(inArray(taxSandboxInvoiceMarks.number, numbers), lte(taxSandboxInvoiceMarks.markedAt, now)),
          ),
      ])
    : [[], [] as MarkRow[]];
  const changesOf = new Map<string, { state: VerifiedState; at: Date }[]>();
  const push = (k: string, state: VerifiedState, at: Date) => {
    const list = changesOf.get(k) ?? [];
    list.push({ state, at });
    changesOf.set(k, list);
  };
  for (const r of reds) if (r.blueNumber) push(pairKey(r.seller, r.blueNumber), 'red', r.issuedAt);
  for (const m of marks) push(pairKey(m.sellerCreditCode, m.number), m.state as VerifiedState, m.markedAt);

  let cursor = sinceOk?.getTime() ?? 0;
  const invoices: (CollectedInvoice & { at: number })[] = [];
  for (const [k, r] of rows) {
    const changes = (changesOf.get(k) ?? []).sort((a, b) => a.at.getTime() - b.at.getTime());
    // Voided outranks the rest; otherwise the latest change names the state.
    const state: VerifiedState = changes.some((c) => c.state === 'voided')
      ? 'voided'
      : (changes.at(-1)?.state ?? 'normal');
    const at = Math.max(r.issuedAt.getTime(), ...changes.map((c) => c.at.getTime()));
    cursor = Math.max(cursor, at);
    const payload = r.payload as Partial<IssueRequest>;
    invoices.push({
      code: null,
      number: r.number,
      type: r.invoiceType as InvoiceType,
      colour: r.colour as 'blue' | 'red',
      sellerName: r.sellerName,
      sellerCreditCode: r.sellerCreditCode,
      buyerName: r.buyerName,
      buyerTaxNumber: r.buyerTaxNumber ?? buyer,
      amountFen: r.amountFen,
      taxFen: r.taxFen,
      totalFen: r.totalFen,
      issueDate: r.issueDate,
      lines: (payload.lines ?? []).map((l) => ({
        name: l.name,
        amountFen: l.amountFen,
        taxFen: l.taxFen,
        rate: l.rate,
      })),
      blueNumber: r.blueNumber,
      state,
      changes,
      at,
    });
  }
  invoices.sort((a, b) => a.at - b.at);
  return {
    invoices: invoices.map(({ at: _at, ...inv }) => inv),
    cursor: req.period ? (req.since ?? null) : cursor ? new Date(cursor).toISOString() : null,
  };
}

/** Sandbox lever: the bureau declares an invoice abnormal (异常凭证) or voided at `at`. Idempotent. */
export async function markInvoice(
  db: Db,
  sellerCreditCode: string,
  number: string,
  state: 'abnormal' | 'voided',
  at: Date,
): Promise<boolean> {
  const [inv] = await db
    .select({ buyer: taxSandboxInvoices.buyerTaxNumber })
    .from(taxSandboxInvoices)
    .where(
      and(eq(taxSandboxInvoices.sellerCreditCode, sellerCreditCode), eq(taxSandboxInvoices.number, number)),
    );
  if (!inv) return false;
  await db
    .insert(taxSandboxInvoiceMarks)
    .values({ sellerCreditCode, number, buyerTaxNumber: inv.buyer, state, markedAt: at })
    .onConflictDoNothing();
  return true;
}

/** Outside companies that sell to the demo company (not tenants of the product): name, credit code, what, rates. */
export const SANDBOX_SUPPLIERS = [
  {
    name: '上海恒信办公用品有限公司',
    creditCode: '91310104MA1FR5XK2L',
    goods: ['办公用品', '打印纸', '文件柜'],
    pct: 13,
    special: 0.8,
  },
  {
    name: '江苏华东物流运输有限公司',
    creditCode: '91320583MA1N7TQ84C',
    goods: ['运输服务', '仓储装卸'],
    pct: 9,
    special: 0.9,
  },
  {
    name: '北京云帆信息技术有限公司',
    creditCode: '91110108MA01W6GK3R',
    goods: ['软件服务费', '技术咨询'],
    pct: 6,
    special: 0.85,
  },
  {
    name: '上海锦江物业管理有限公司',
    creditCode: '91310101MA1FPL5E7X',
    goods: ['物业管理费'],
    pct: 6,
    special: 0.6,
  },
  {
    name: '杭州小蜜蜂广告设计工作室',
    creditCode: '92330106MA2KD8XJ5Q',
    goods: ['设计服务费'],
    pct: 3,
    special: 0.3,
  },
  { name: '苏州顺达五金经营部', creditCode: '92320508MA1Y3RKW2H', goods: ['五金配件'], pct: 1, special: 0.2 },
] as const;

const RATE_OF: Record<number, TaxRate> = {
  13: 'rate_13',
  9: 'rate_9',
  6: 'rate_6',
  3: 'rate_3',
  1: 'rate_1',
};
const DAY_MS = 86_400_000;

function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/**
 * Sandbox lever for the demo: the suppliers above issue `count` purchase invoices to a buyer over the last `days`
 * days (deterministic, 专票 and 普票, rates 13/9/6/3/1 %), oldest first with real numbers; every seventh is later
 * reversed by a red invoice, every eleventh marked abnormal a few days after issue. Runs once per buyer.
 */
export async function seedSupplierStream(
  db: Db,
  buyer: { name: string; taxNumber: string },
  now: Date,
  count = 48,
  days = 150,
): Promise<number> {
  const done = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxSandboxInvoices)
    .where(
      and(
        eq(taxSandboxInvoices.buyerTaxNumber, buyer.taxNumber),
        like(taxSandboxInvoices.requestId, 'supplier-%'),
      ),
    );
  if (done[0]?.n) return 0;
  const rnd = lcg(31);
  const plan = Array.from({ length: count }, (_, i) => {
    const supplier = SANDBOX_SUPPLIERS[Math.floor(rnd() * SANDBOX_SUPPLIERS.length)];
    const daysAgo = Math.floor(((count - i) / count) * days) + 1;
    const at = new Date(now.getTime() - daysAgo * DAY_MS + Math.floor(rnd() * 8 * 3600_000));
    const lineCount = 1 + Math.floor(rnd() * 2);
    const lines = Array.from({ length: lineCount }, () => {
      const amountFen = (20 + Math.floor(rnd() * 980)) * 100 + Math.floor(rnd() * 100);
      return {
        name: supplier.goods[Math.floor(rnd() * supplier.goods.length)],
        amountFen,
        taxFen: Math.round((amountFen * supplier.pct) / 100),
        rate: RATE_OF[supplier.pct],
      };
    });
    const type: InvoiceType = rnd() < supplier.special ? 'digital_special' : 'digital_ordinary';
    return { i, supplier, at, lines, type };
  });
  let issued = 0;
  for (const p of plan) {
    const amountFen = p.lines.reduce((s, l) => s + l.amountFen, 0);
    const taxFen = p.lines.reduce((s, l) => s + l.taxFen, 0);
    const request: IssueRequest = {
      tenantId: 0,
      orderNo: `supplier-${buyer.taxNumber}-${p.i}`,
      type: p.type,
      colour: 'blue',
      seller: { name: p.supplier.name, creditCode: p.supplier.creditCode },
      buyer: { name: buyer.name, taxNumber: buyer.taxNumber },
      amountFen,
      taxFen,
      totalFen: amountFen + taxFen,
      lines: p.lines,
    };
    const blue = await issueOutside(db, request, p.at);
    issued++;
    if (p.i % 7 === 3) {
      const redAt = new Date(p.at.getTime() + (2 + (p.i % 5)) * DAY_MS);
      if (redAt < now) {
        const red: IssueRequest = {
          ...request,
          orderNo: `${request.orderNo}-red`,
          colour: 'red',
          amountFen: -amountFen,
          taxFen: -taxFen,
          totalFen: -(amountFen + taxFen),
          lines: p.lines.map((l) => ({ ...l, amountFen: -l.amountFen, taxFen: -l.taxFen })),
        };
        await issueOutside(db, red, redAt, blue);
        issued++;
      }
    } else if (p.i % 11 === 5) {
      const markAt = new Date(p.at.getTime() + (3 + (p.i % 4)) * DAY_MS);
      if (markAt < now) await markInvoice(db, p.supplier.creditCode, blue, 'abnormal', markAt);
    }
  }
  return issued;
}

/** An outside company's invoice recorded by the bureau at `at` (tenant 0: not a tenant of the product). */
async function issueOutside(db: Db, req: IssueRequest, at: Date, blueNumber?: string): Promise<string> {
  return withTransaction({ db }, async (tx) => {
    const year = shanghaiYear(at);
    const seq = await allocateSequence(tx, req.seller.creditCode, year);
    // Outside suppliers number on channel 9, each in its own block: the sandbox's sequences run per seller, so
    // without this their numbers would repeat the product's tenants' (channel 2) in the same region.
    const block = SANDBOX_SUPPLIERS.findIndex((s) => s.creditCode === req.seller.creditCode) + 1;
    const number = formatDigitalNumber(
      year,
      regionOf(req.seller.creditCode) ?? '31',
      '9',
      block * 10 ** 13 + seq,
    );
    await tx.insert(taxSandboxInvoices).values({
      tenantId: 0,
      number,
      requestId: req.orderNo,
      sellerCreditCode: req.seller.creditCode,
      sellerName: req.seller.name,
      buyerName: req.buyer.name,
      buyerTaxNumber: req.buyer.taxNumber ?? null,
      invoiceType: req.type,
      colour: req.colour,
      amountFen: req.amountFen,
      taxFen: req.taxFen,
      totalFen: req.totalFen,
      issueDate: shanghaiDate(at),
      issuedAt: at,
      blueNumber: blueNumber ?? null,
      creditMonth: shanghaiMonth(at),
      payload: req,
    });
    return number;
  });
}

/** The buyer's download of a received invoice's layout file: the sandbox's own rendering, for the addressed buyer only. */
export async function downloadReceivedLayout(db: Db, req: ReceivedLayoutRequest): Promise<LayoutFile> {
  const [inv] = await db
    .select({ tenantId: taxSandboxInvoices.tenantId, buyer: taxSandboxInvoices.buyerTaxNumber })
    .from(taxSandboxInvoices)
    .where(
      and(
        eq(taxSandboxInvoices.sellerCreditCode, req.sellerCreditCode),
        eq(taxSandboxInvoices.number, req.number),
      ),
    );
  if (!inv || !req.buyerTaxNumber || inv.buyer !== req.buyerTaxNumber)
    return { available: false, reason: '发票不存在' };
  return downloadLayout(db, inv.tenantId, req.number, req.format);
}
