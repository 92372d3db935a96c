import { jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The sandbox bureau's 勾选 / 统计 / 确认 (issue 31, lane DEDUCT, platform/tax-gateway/sandbox/deduction.ts). Plays the
 * bureau's side only; written by modules/platform/tax-gateway.
 *
 * One row per invoice the bureau holds as selected for deduction (an invoice is selected at most once: the unique
 * key); 撤销勾选 deletes it.
 */
export const taxSandboxDeductions = pgTable(
  'tax_sandbox_deductions',
  {
    id: id(),
    buyerTaxNumber: text('buyer_tax_number').notNull(),
    sellerCreditCode: text('seller_credit_code').notNull(),
    number: text('number').notNull(),
    /** 税款所属期 yyyyMM. */
    period: text('period').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tax_sandbox_deductions_invoice_uq').on(t.sellerCreditCode, t.number)],
);

/** 勾选 / 撤销勾选 requests: accepted at once, processed when due (latencyMs), the result kept for polling. */
export const taxSandboxDeductionRequests = pgTable('tax_sandbox_deduction_requests', {
  requestId: text('request_id').primaryKey(),
  buyerTaxNumber: text('buyer_tax_number').notNull(),
  period: text('period').notNull(),
  /** select | undo */
  action: text('action').notNull(),
  /** [{ sellerCreditCode, number }] as asked. */
  items: jsonb('items').notNull(),
  /** pending | done */
  state: text('state').notNull(),
  dueAt: at('due_at').notNull(),
  /** [{ sellerCreditCode, number, outcome: ok | refused, reason? }] once done. */
  results: jsonb('results'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The bureau's state of a buyer's 税款所属期: open → stats_applied → confirmed (final). */
export const taxSandboxDeductionPeriods = pgTable(
  'tax_sandbox_deduction_periods',
  {
    buyerTaxNumber: text('buyer_tax_number').notNull(),
    period: text('period').notNull(),
    /** open | stats_applied | confirmed */
    state: text('state').notNull(),
    /** 抵扣统计表 of 申请统计: { count, amountFen, taxFen } at the time. */
    stats: jsonb('stats'),
    confirmedAt: at('confirmed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.buyerTaxNumber, t.period] })],
);
