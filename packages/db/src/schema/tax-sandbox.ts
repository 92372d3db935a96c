import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * The embedded tax-bureau sandbox behind the tax gateway (apps/server/src/modules/tax-gateway/sandbox).
 * These tables play the bureau's side only; the product's own invoice tables live elsewhere.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One submitted issue request: accepted at once, processed after the configured latency (notes §10.1 "accepted ≠ issued"). */
export const taxSandboxRequests = pgTable(
  'tax_sandbox_requests',
  {
    id: id(),
    requestId: text('request_id').notNull(),
    tenantId: tenantId(),
    /** The caller's idempotency key (§10.1: order number / 流水号). */
    orderNo: text('order_no').notNull(),
    /** The IssueRequest as submitted. */
    payload: jsonb('payload').notNull(),
    /** pending | issued | failed */
    status: text('status').notNull().default('pending'),
    readyAt: at('ready_at').notNull(),
    invoiceNumber: text('invoice_number'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_sandbox_requests_request_uq').on(t.requestId),
    uniqueIndex('tax_sandbox_requests_order_uq').on(t.tenantId, t.orderNo),
    // The bureau takes a tenant's due requests in batches (sandbox/issue.ts): only the few pending are indexed.
    index('tax_sandbox_requests_pending_idx').on(t.tenantId, t.id).where(sql`${t.status} = 'pending'`),
  ],
);

/** Last sequence handed out per seller and year; bumped in the issuing transaction so numbers stay gap-free (§2.1). */
export const taxSandboxSequences = pgTable(
  'tax_sandbox_sequences',
  {
    sellerCreditCode: text('seller_credit_code').notNull(),
    year: integer('year').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerCreditCode, t.year] })],
);

/** Invoices the sandbox issued: what 查验 (§7.1) and layout download answer from. */
export const taxSandboxInvoices = pgTable(
  'tax_sandbox_invoices',
  {
    id: id(),
    tenantId: tenantId(),
    number: text('number').notNull(),
    requestId: text('request_id').notNull(),
    sellerCreditCode: text('seller_credit_code').notNull(),
    sellerName: text('seller_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerTaxNumber: text('buyer_tax_number'),
    /** InvoiceType of @fpy/domain. */
    invoiceType: text('invoice_type').notNull(),
    /** blue | red */
    colour: text('colour').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    /** yyyy-MM-dd in Asia/Shanghai. */
    issueDate: text('issue_date').notNull(),
    issuedAt: at('issued_at').notNull(),
    /** Red invoices: the blue invoice they reverse. */
    blueNumber: text('blue_number'),
    /** Sandbox stand-in for the buyer's 用途确认 / 入账确认, which decides whether a 确认单 needs confirming (§6.1). */
    buyerBooked: boolean('buyer_booked').notNull().default(false),
    /** The credit consumed, so a red invoice can give back exactly what was taken when configured to. */
    creditMonth: text('credit_month').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Sequences are per seller (issue 4 §1), so the number alone is only unique within one seller.
    uniqueIndex('tax_sandbox_invoices_number_uq').on(t.sellerCreditCode, t.number),
    index('tax_sandbox_invoices_number_idx').on(t.number),
    // Collection (归集, issue 31): what was issued to a buyer's tax number, in order of issue.
    index('tax_sandbox_invoices_buyer_idx').on(t.buyerTaxNumber, t.issuedAt),
  ],
);

/** 授信额度 per tenant and 属期 yyyyMM (§11.1: credit cannot be used across months). */
export const taxSandboxCreditLines = pgTable(
  'tax_sandbox_credit_lines',
  {
    tenantId: tenantId(),
    month: text('month').notNull(),
    monthlyLimitFen: bigint('monthly_limit_fen', { mode: 'number' }).notNull(),
    usedFen: bigint('used_fen', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month] })],
);

/** 红字发票信息确认单 with its bureau state and 72-hour deadline (§6.1). */
export const taxSandboxRedForms = pgTable(
  'tax_sandbox_red_forms',
  {
    id: id(),
    formNo: text('form_no').notNull(),
    tenantId: tenantId(),
    blueNumber: text('blue_number').notNull(),
    sellerCreditCode: text('seller_credit_code').notNull(),
    /** seller | buyer */
    initiator: text('initiator').notNull(),
    /** RedLetterReason of the gateway. */
    reason: text('reason').notNull(),
    /** RedLetterFormState of the gateway (our names; bureau codes mapped in the gateway). */
    state: text('state').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    deadline: at('deadline'),
    /** Set once a red invoice used the form: a form serves one red invoice only (§6.1). */
    redNumber: text('red_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_sandbox_red_forms_no_uq').on(t.formNo),
    index('tax_sandbox_red_forms_blue_idx').on(t.blueNumber),
    index('tax_sandbox_red_forms_deadline_idx').on(t.state, t.deadline),
  ],
);
