import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * Lane DEDUCT of issue 31 (勾选 / 统计 / 确认, domain notes §7.2): the company's 税款所属期 and the invoices it selects
 * for deduction in them. Writer: modules/purchase/deduction (the only one).
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per tenant and 税款所属期 (yyyyMM): open → stats_applied → confirmed (final). */
export const purchasePeriods = pgTable(
  'purchase_periods',
  {
    id: id(),
    tenantId: tenantId(),
    period: text('period').notNull(),
    /** open | stats_applied | confirmed */
    state: text('state').notNull().default('open'),
    /** 抵扣统计 as the bureau answered at 申请统计 / 确认 (integer fen). */
    count: integer('count').notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull().default(0),
    statsAppliedAt: at('stats_applied_at'),
    statsAppliedBy: integer('stats_applied_by'),
    confirmedAt: at('confirmed_at'),
    confirmedBy: integer('confirmed_by'),
    confirmedByName: text('confirmed_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('purchase_periods_uq').on(t.tenantId, t.period)],
);

/**
 * One row per received invoice ever selected (unique: an invoice is selected at most once). States: selecting (sent
 * to the bureau) → selected | refused; undoing (sent) → undone | selected (refused). A refused or undone row may be
 * selected again (a conditional update back to selecting).
 */
export const deductionSelections = pgTable(
  'deduction_selections',
  {
    id: id(),
    tenantId: tenantId(),
    receivedInvoiceId: integer('received_invoice_id').notNull(),
    period: text('period').notNull(),
    /** selecting | selected | refused | undoing | undone */
    state: text('state').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    /** The bureau's request of the last 勾选 / 撤销勾选 and its refusal code, if any. */
    requestId: text('request_id'),
    reason: text('reason'),
    /** The invoice turned red / voided / abnormal after it was selected (转出 needed). */
    flag: text('flag'),
    flaggedAt: at('flagged_at'),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deduction_selections_invoice_uq').on(t.tenantId, t.receivedInvoiceId),
    index('deduction_selections_period_idx').on(t.tenantId, t.period, t.state),
  ],
);
