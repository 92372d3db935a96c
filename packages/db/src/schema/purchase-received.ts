import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * Lane CORE of issue 31 (purchase side): the invoices a company received (进项发票), one row per tenant and invoice
 * key however often and from however many sources it is seen, and the history of each change seen.
 * Writer: modules/purchase/received-invoices (recordReceived). Deduction fields live with lane DEDUCT.
 * The invoice key is the 数电 number, or `<发票代码>-<发票号码>` of a legacy invoice.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const receivedInvoices = pgTable(
  'received_invoices',
  {
    id: id(),
    tenantId: tenantId(),
    invoiceKey: text('invoice_key').notNull(),
    /** 发票代码 of a legacy invoice; null for 数电. */
    code: text('code'),
    number: text('number').notNull(),
    /** The tax number the invoice is addressed to (one of the tenant's). */
    buyerTaxNumber: text('buyer_tax_number').notNull(),
    buyerName: text('buyer_name').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerTaxNumber: text('seller_tax_number').notNull(),
    /** InvoiceType of @fpy/domain. */
    invoiceType: text('invoice_type').notNull(),
    /** blue | red */
    colour: text('colour').notNull(),
    /** yyyy-MM-dd (Asia/Shanghai) and its 属期 yyyyMM. */
    issueDate: text('issue_date').notNull(),
    period: text('period').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    /** TaxRate values of the lines, distinct and sorted (filter by rate). */
    rates: jsonb('rates').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** [{ name, amountFen, taxFen, rate }] */
    lines: jsonb('lines').notNull().default(sql`'[]'::jsonb`),
    /** A red invoice: the blue invoice it reverses. */
    blueNumber: text('blue_number'),
    /** normal | red | voided | abnormal — the bureau's state (red: reversed by a red invoice). */
    state: text('state').notNull().default('normal'),
    stateChangedAt: at('state_changed_at'),
    /** Where it was seen: sync | file | manual (distinct, in the order first seen). */
    sources: jsonb('sources').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    firstSource: text('first_source').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('received_invoices_key_uq').on(t.tenantId, t.invoiceKey),
    index('received_invoices_period_idx').on(t.tenantId, t.period, t.id),
    index('received_invoices_issue_idx').on(t.tenantId, t.issueDate, t.id),
    index('received_invoices_seller_idx').on(t.tenantId, t.sellerTaxNumber),
  ],
);

/** Every change seen of a received invoice: created, state, fields, a new source. */
export const receivedInvoiceChanges = pgTable(
  'received_invoice_changes',
  {
    id: id(),
    tenantId: tenantId(),
    receivedInvoiceId: integer('received_invoice_id').notNull(),
    /** created | state | fields | source */
    kind: text('kind').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    source: text('source').notNull(),
    /** Changed fields { field: [before, after] } or other detail. */
    detail: jsonb('detail'),
    /** When the bureau says it happened (state changes), else null. */
    happenedAt: at('happened_at'),
    actorId: integer('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [index('received_invoice_changes_invoice_idx').on(t.tenantId, t.receivedInvoiceId, t.id)],
);

/** The sync's position per tenant and tax number (the bureau's cursor), written by the same module. */
export const receivedSyncCursors = pgTable(
  'received_sync_cursors',
  {
    tenantId: tenantId(),
    buyerTaxNumber: text('buyer_tax_number').notNull(),
    cursor: text('cursor'),
    lastRunAt: at('last_run_at'),
    lastSeen: integer('last_seen').notNull().default(0),
    lastCreated: integer('last_created').notNull().default(0),
    lastChanged: integer('last_changed').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('received_sync_cursors_uq').on(t.tenantId, t.buyerTaxNumber)],
);
