import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * Lane CHECK of issue 31 (purchase side): 查验 records, expense claims (报销) and the purchase warnings it logs.
 * Writers: check_records → modules/purchase/checks; expense_claims, expense_claim_invoices →
 * modules/purchase/reimbursements; purchase_warnings → modules/purchase/warnings.
 * The invoice key is the 数电 number, or `<发票代码>-<发票号码>` of a legacy invoice (@fpy/domain purchaseInvoiceKey).
 */

/** Every 查验 made: who, when, what was asked and the bureau's reply as it came. */
export const checkRecords = pgTable(
  'check_records',
  {
    id: id(),
    tenantId: tenantId(),
    /** single | batch | scan */
    channel: text('channel').notNull(),
    /** Rows of one batch share it. */
    batchId: text('batch_id'),
    invoiceKey: text('invoice_key').notNull(),
    code: text('code'),
    number: text('number').notNull(),
    issueDate: text('issue_date').notNull(),
    /** The request as sent to the bureau (VerifyRequest). */
    request: jsonb('request').notNull(),
    /** match | mismatch | not_found | failed */
    result: text('result').notNull(),
    /** The bureau's state of a matching invoice: normal | red | voided | abnormal. */
    state: text('state'),
    /** The bureau's reply (VerifyResult) or the failure. */
    reply: jsonb('reply').notNull(),
    sellerName: text('seller_name'),
    buyerTaxNumber: text('buyer_tax_number'),
    totalFen: bigint('total_fen', { mode: 'number' }),
    /** The received invoice this check recorded (lane CORE), when it did. */
    receivedInvoiceId: integer('received_invoice_id'),
    checkedBy: integer('checked_by'),
    checkedByName: text('checked_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('check_records_tenant_idx').on(t.tenantId, t.id),
    index('check_records_key_idx').on(t.tenantId, t.invoiceKey),
  ],
);

/** 报销单: an employee's expense claim. */
export const expenseClaims = pgTable(
  'expense_claims',
  {
    id: id(),
    tenantId: tenantId(),
    claimNo: text('claim_no').notNull(),
    title: text('title').notNull(),
    /** submitted | withdrawn (a withdrawn claim lets its invoices go). */
    state: text('state').notNull().default('submitted'),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    claimantId: integer('claimant_id'),
    claimantName: text('claimant_name').notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('expense_claims_no_uq').on(t.tenantId, t.claimNo),
    index('expense_claims_tenant_idx').on(t.tenantId, t.id),
  ],
);

/** The invoices of a claim: one invoice is reimbursed once per company (the unique key decides a race). */
export const expenseClaimInvoices = pgTable(
  'expense_claim_invoices',
  {
    id: id(),
    tenantId: tenantId(),
    claimId: integer('claim_id').notNull(),
    invoiceKey: text('invoice_key').notNull(),
    code: text('code'),
    number: text('number').notNull(),
    issueDate: text('issue_date').notNull(),
    invoiceType: text('invoice_type'),
    sellerName: text('seller_name'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    /** The 查验 that proved it genuine. */
    checkRecordId: integer('check_record_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('expense_claim_invoices_key_uq').on(t.tenantId, t.invoiceKey),
    index('expense_claim_invoices_claim_idx').on(t.claimId),
  ],
);

/** Warnings the purchase side logs as they happen (a refused second reimbursement …); derived ones are not stored. */
export const purchaseWarnings = pgTable(
  'purchase_warnings',
  {
    id: id(),
    tenantId: tenantId(),
    /** duplicate_reimbursement | … */
    kind: text('kind').notNull(),
    invoiceKey: text('invoice_key').notNull(),
    detail: jsonb('detail').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('purchase_warnings_tenant_idx').on(t.tenantId, t.id)],
);
