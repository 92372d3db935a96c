import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

const fen = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * Output invoices (issue 4 §2). Money in integer fen as calculateInvoice computed it — never the client's figures.
 * `status` is InvoiceStatus of @fpy/domain; every change is a conditional UPDATE … WHERE status = <expected>
 * plus an invoice_events row in the same transaction.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    tenantId: tenantId(),
    /** The client's serial: idempotency key, unique per tenant; also the gateway's orderNo (§10.1). */
    clientSerial: text('client_serial').notNull(),
    /** InvoiceType of @fpy/domain. */
    type: text('type').notNull(),
    colour: text('colour').notNull().default('blue'),
    /** 'exclusive' | 'inclusive' (§4.1). */
    pricingMode: text('pricing_mode').notNull(),
    // Seller snapshot from the tenant's company info at creation (§1.4): later edits never change an invoice.
    sellerName: text('seller_name').notNull(),
    sellerCreditCode: text('seller_credit_code').notNull(),
    sellerAddress: text('seller_address'),
    sellerPhone: text('seller_phone'),
    sellerBank: text('seller_bank'),
    sellerAccount: text('seller_account'),
    buyerName: text('buyer_name').notNull(),
    buyerTaxNumber: text('buyer_tax_number'),
    buyerAddress: text('buyer_address'),
    buyerPhone: text('buyer_phone'),
    buyerBank: text('buyer_bank'),
    buyerAccount: text('buyer_account'),
    buyerEmail: text('buyer_email'),
    buyerNaturalPerson: integer('buyer_natural_person').notNull().default(0),
    remarks: text('remarks'),
    /** 开票人 (mandatory), 收款人, 复核人 (§1.4). */
    drawer: text('drawer').notNull(),
    payee: text('payee'),
    reviewer: text('reviewer'),
    amountFen: fen('amount_fen'),
    taxFen: fen('tax_fen'),
    totalFen: fen('total_fen'),
    status: text('status').notNull(),
    /** Bumped on each ready/failed → issuing; the gateway orderNo is derived from it, so a lost answer is
     * resolved by resubmitting the SAME orderNo (the gateway answers the first requestId) or by querying. */
    issueAttempt: integer('issue_attempt').notNull().default(0),
    requestId: text('request_id'),
    number: text('number'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    /** Red invoices: the blue invoice reversed (§6.1). */
    blueInvoiceId: integer('blue_invoice_id'),
    blueNumber: text('blue_number'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_tenant_serial_uq').on(t.tenantId, t.clientSerial),
    index('invoices_tenant_status_idx').on(t.tenantId, t.status),
    index('invoices_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** Lines as the engine computed them (§4.1): 金额 + 税额 = 含税金额 exactly. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    tenantId: tenantId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    kind: text('kind').notNull().default('normal'),
    name: text('name').notNull(),
    taxCode: text('tax_code'),
    spec: text('spec'),
    unit: text('unit'),
    /** Decimal strings, up to 13 decimals (§4.4). */
    quantity: text('quantity'),
    unitPrice: text('unit_price'),
    unitPriceExclusive: text('unit_price_exclusive'),
    rate: text('rate').notNull(),
    policy: text('policy'),
    amountFen: fen('amount_fen'),
    taxFen: fen('tax_fen'),
    amountInclusiveFen: fen('amount_inclusive_fen'),
    deductionFen: bigint('deduction_fen', { mode: 'number' }),
  },
  (t) => [uniqueIndex('invoice_lines_invoice_line_uq').on(t.invoiceId, t.lineNo)],
);

/** Audit of every state change, written in the same transaction as the change. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: id(),
    tenantId: tenantId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** null for the creation event. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** User id; null when a background job acted. */
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    ip: text('ip'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('invoice_events_invoice_idx').on(t.invoiceId, t.id)],
);
