import { randomBytes } from 'node:crypto';
import {
  type Db,
  taxSandboxDeductionPeriods,
  taxSandboxDeductionRequests,
  taxSandboxDeductions,
  taxSandboxInvoiceMarks,
  taxSandboxInvoices,
} from '@fpy/db';
import {
  isPeriod,
  nextPeriodState,
  type PeriodAction,
  type PeriodState,
  whyNotSelectable,
} from '@fpy/domain';
import { and, eq, sql } from 'drizzle-orm';
import type {
  DeductionItem,
  DeductionRequest,
  DeductionResult,
  PeriodActionResult,
  PeriodRequest,
  PeriodStats,
} from '../../../../gateways/tax-bureau/gateway.ts';
import { type Tx, withTransaction } from '../../../../lib/write/index.ts';
import type { SandboxOptions } from './options.ts';
import { shanghaiDate } from './options.ts';

/**
 * 勾选 / 撤销勾选 / 申请统计 / 撤销统计 / 确认 as the 电子发票服务平台 plays them (issue 31, lane DEDUCT; domain notes
 * §7.2, §7.4). Selection requests are asynchronous: accepted with a requestId, processed once due (latencyMs) when
 * polled, each item answered ok or refused with the bureau's reason. The bureau holds every invoice as selected at
 * most once (unique key) and refuses any change to a period after 申请统计 until 撤销统计, and for ever after 确认.
 * The sandbox's 确认 password (the 税务数字账户 signature) is any non-empty text: the product's own second password
 * (module purchase/deduction) is what protects the step.
 */

type ItemResult = DeductionItem & { outcome: 'ok' | 'refused'; reason?: string };

export async function submitDeduction(
  db: Db,
  options: SandboxOptions,
  action: 'select' | 'undo',
  req: DeductionRequest,
): Promise<{ requestId: string }> {
  const requestId = `DK${randomBytes(10).toString('hex')}`;
  const now = options.now();
  await db.insert(taxSandboxDeductionRequests).values({
    requestId,
    buyerTaxNumber: req.buyerTaxNumber.trim(),
    period: req.period,
    action,
    items: req.items.map((i) => ({ sellerCreditCode: i.sellerCreditCode, number: i.number })),
    state: 'pending',
    dueAt: new Date(now.getTime() + options.latencyMs),
  });
  return { requestId };
}

export async function queryDeduction(
  db: Db,
  options: SandboxOptions,
  buyerTaxNumber: string,
  requestId: string,
): Promise<DeductionResult> {
  const now = options.now();
  return withTransaction({ db }, async (tx) => {
    const [row] = await tx
      .select()
      .from(taxSandboxDeductionRequests)
      .where(
        and(
          eq(taxSandboxDeductionRequests.requestId, requestId),
          eq(taxSandboxDeductionRequests.buyerTaxNumber, buyerTaxNumber.trim()),
        ),
      )
      .for('update');
    if (!row) return { state: 'unknown' };
    const action = row.action as 'select' | 'undo';
    if (row.state === 'done') {
      return { state: 'done', action, period: row.period, items: row.results as ItemResult[] };
    }
    if (row.dueAt > now) return { state: 'pending' };
    const period = await lockPeriod(tx, row.buyerTaxNumber, row.period);
    const items = row.items as DeductionItem[];
    const results: ItemResult[] = [];
    for (const item of items) {
      results.push(
        action === 'select'
          ? await selectOne(
              tx,
              row.buyerTaxNumber,
              row.period,
              period.state,
              item,
              requestId,
              shanghaiDate(now),
            )
          : await undoOne(tx, row.buyerTaxNumber, row.period, period.state, item),
      );
    }
    await tx
      .update(taxSandboxDeductionRequests)
      .set({ state: 'done', results })
      .where(eq(taxSandboxDeductionRequests.requestId, requestId));
    return { state: 'done', action, period: row.period, items: results };
  });
}

async function lockPeriod(tx: Tx, buyerTaxNumber: string, period: string) {
  await tx
    .insert(taxSandboxDeductionPeriods)
    .values({ buyerTaxNumber, period, state: 'open' })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(taxSandboxDeductionPeriods)
    .where(
      and(
        eq(taxSandboxDeductionPeriods.buyerTaxNumber, buyerTaxNumber),
        eq(taxSandboxDeductionPeriods.period, period),
      ),
    )
    .for('update');
  return row;
}

async function selectOne(
  tx: Tx,
  buyer: string,
  period: string,
  periodState: string,
  item: DeductionItem,
  requestId: string,
  today: string,
): Promise<ItemResult> {
  const refuse = (reason: string): ItemResult => ({ ...item, outcome: 'refused', reason });
  if (!isPeriod(period)) return refuse('DEDUCTION_BAD_PERIOD');
  const [inv] = await tx
    .select()
    .from(taxSandboxInvoices)
    .where(
      and(
        eq(taxSandboxInvoices.sellerCreditCode, item.sellerCreditCode),
        eq(taxSandboxInvoices.number, item.number),
        eq(taxSandboxInvoices.buyerTaxNumber, buyer),
      ),
    );
  if (!inv) return refuse('DEDUCTION_UNKNOWN_INVOICE');
  const state = await bureauState(tx, item);
  const [held] = await tx
    .select({ id: taxSandboxDeductions.id })
    .from(taxSandboxDeductions)
    .where(
      and(
        eq(taxSandboxDeductions.sellerCreditCode, item.sellerCreditCode),
        eq(taxSandboxDeductions.number, item.number),
      ),
    );
  const why = whyNotSelectable(
    {
      type: inv.invoiceType,
      colour: inv.colour as 'blue' | 'red',
      state,
      issueDate: inv.issueDate,
      taxFen: inv.taxFen,
      selected: Boolean(held),
    },
    // The bureau's deadline is the product's rule too; the sandbox clock decides.
    { period, state: periodState as PeriodState, today },
  );
  if (why) return refuse(why);
  const inserted = await tx
    .insert(taxSandboxDeductions)
    .values({
      buyerTaxNumber: buyer,
      sellerCreditCode: item.sellerCreditCode,
      number: item.number,
      period,
      requestId,
    })
    .onConflictDoNothing()
    .returning({ id: taxSandboxDeductions.id });
  return inserted.length ? { ...item, outcome: 'ok' } : refuse('DEDUCTION_ALREADY_SELECTED');
}

async function undoOne(
  tx: Tx,
  buyer: string,
  period: string,
  periodState: string,
  item: DeductionItem,
): Promise<ItemResult> {
  if (periodState !== 'open') return { ...item, outcome: 'refused', reason: 'DEDUCTION_PERIOD_LOCKED' };
  const deleted = await tx
    .delete(taxSandboxDeductions)
    .where(
      and(
        eq(taxSandboxDeductions.buyerTaxNumber, buyer),
        eq(taxSandboxDeductions.period, period),
        eq(taxSandboxDeductions.sellerCreditCode, item.sellerCreditCode),
        eq(taxSandboxDeductions.number, item.number),
      ),
    )
    .returning({ id: taxSandboxDeductions.id });
  return deleted.length
    ? { ...item, outcome: 'ok' }
    : { ...item, outcome: 'refused', reason: 'DEDUCTION_NOT_SELECTED' };
}

/** normal, or what happened to it since: red (a red invoice reverses it), voided or abnormal (a bureau mark). */
async function bureauState(tx: Tx, item: DeductionItem): Promise<'normal' | 'red' | 'voided' | 'abnormal'> {
  const marks = await tx
    .select({ state: taxSandboxInvoiceMarks.state })
    .from(taxSandboxInvoiceMarks)
    .where(
      and(
        eq(taxSandboxInvoiceMarks.sellerCreditCode, item.sellerCreditCode),
        eq(taxSandboxInvoiceMarks.number, item.number),
      ),
    );
  if (marks.some((m) => m.state === 'voided')) return 'voided';
  const [red] = await tx
    .select({ id: taxSandboxInvoices.id })
    .from(taxSandboxInvoices)
    .where(
      and(
        eq(taxSandboxInvoices.sellerCreditCode, item.sellerCreditCode),
        eq(taxSandboxInvoices.blueNumber, item.number),
        eq(taxSandboxInvoices.colour, 'red'),
      ),
    )
    .limit(1);
  if (red) return 'red';
  return marks.some((m) => m.state === 'abnormal') ? 'abnormal' : 'normal';
}

async function statsOf(
  tx: Tx,
  buyer: string,
  period: string,
): Promise<{ count: number; amountFen: number; taxFen: number }> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      amountFen: sql<number>`coalesce(sum(${taxSandboxInvoices.amountFen}), 0)::bigint`,
      taxFen: sql<number>`coalesce(sum(${taxSandboxInvoices.taxFen}), 0)::bigint`,
    })
    .from(taxSandboxDeductions)
    .innerJoin(
      taxSandboxInvoices,
      and(
        eq(taxSandboxInvoices.sellerCreditCode, taxSandboxDeductions.sellerCreditCode),
        eq(taxSandboxInvoices.number, taxSandboxDeductions.number),
      ),
    )
    .where(and(eq(taxSandboxDeductions.buyerTaxNumber, buyer), eq(taxSandboxDeductions.period, period)));
  return {
    count: Number(row?.count ?? 0),
    amountFen: Number(row?.amountFen ?? 0),
    taxFen: Number(row?.taxFen ?? 0),
  };
}

/** 申请统计 / 撤销统计 / 确认: one step of the period's state machine, or a refusal with the period as it stands. */
export async function periodAction(
  db: Db,
  options: SandboxOptions,
  action: PeriodAction,
  req: PeriodRequest & { password?: string },
): Promise<PeriodActionResult> {
  const buyer = req.buyerTaxNumber.trim();
  const now = options.now();
  return withTransaction({ db }, async (tx) => {
    const row = await lockPeriod(tx, buyer, req.period);
    const live = await statsOf(tx, buyer, req.period);
    const view = (state: string, confirmedAt: Date | null): PeriodStats => ({
      period: req.period,
      state: state as PeriodState,
      ...live,
      confirmedAt,
    });
    const next = nextPeriodState(row.state as PeriodState, action);
    if (!next || !isPeriod(req.period))
      return { ok: false, reason: 'wrong_state', stats: view(row.state, row.confirmedAt) };
    if (action === 'confirm' && !req.password?.trim()) {
      return { ok: false, reason: 'wrong_password', stats: view(row.state, row.confirmedAt) };
    }
    const confirmedAt = next === 'confirmed' ? now : null;
    await tx
      .update(taxSandboxDeductionPeriods)
      .set({ state: next, stats: next === 'open' ? null : live, confirmedAt })
      .where(
        and(
          eq(taxSandboxDeductionPeriods.buyerTaxNumber, buyer),
          eq(taxSandboxDeductionPeriods.period, req.period),
          eq(taxSandboxDeductionPeriods.state, row.state),
        ),
      );
    return { ok: true, stats: view(next, confirmedAt) };
  });
}

/** Read-only view of a period at the bureau (for tests and the sandbox's own checks). */
export async function bureauPeriod(db: Db, buyerTaxNumber: string, period: string) {
  const [row] = await db
    .select()
    .from(taxSandboxDeductionPeriods)
    .where(
      and(
        eq(taxSandboxDeductionPeriods.buyerTaxNumber, buyerTaxNumber),
        eq(taxSandboxDeductionPeriods.period, period),
      ),
    );
  const selected = await db
    .select()
    .from(taxSandboxDeductions)
    .where(
      and(eq(taxSandboxDeductions.buyerTaxNumber, buyerTaxNumber), eq(taxSandboxDeductions.period, period)),
    );
  return { state: (row?.state ?? 'open') as PeriodState, selected };
}
