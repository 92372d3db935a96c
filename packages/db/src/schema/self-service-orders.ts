import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A line a buyer is invoiced for: tax-inclusive amount in integer fen; rate and tax code when the seller knows them. */
export interface RequestLine {
  name: string;
  amountFen: number;
  rate?: string;
  taxCode?: string;
  commodityId?: number;
  quantity?: string;
  unit?: string;
  spec?: string;
}

/** The buyer's title as asked (@fpy/domain BuyerTitle). */
export interface RequestTitle {
  kind: 'company' | 'person';
  name: string;
  taxNumber?: string;
  address?: string;
  phone?: string;
  bank?: string;
  account?: string;
  email?: string;
  mobile?: string;
  remarks?: string;
}

/**
 * 开票申请 (issue 30): every buyer's ask for an invoice — from a scan order (source 'order') or a code board
 * ('board'), source_id the order's or board's id. Written by modules/self-service/invoice-requests only (its face
 * submitRequest runs in the source's transaction). state: pending (waits for the seller) → approved → issuing →
 * issued | failed; pending → rejected (reject_reason shown to the buyer). token: random, unguessable, the buyer's
 * handle on the request; invoice_id the invoice issued for it (invoices.client_serial `ssr-<id>`), result_code
 * the delivery short link the buyer opens.
 */
export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    id: id(),
    tenantId: tenantId(),
    source: text('source').notNull(),
    sourceId: integer('source_id').notNull(),
    token: text('token').notNull(),
    invoiceType: text('invoice_type').notNull(),
    title: jsonb('title').$type<RequestTitle>().notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerTaxNumber: text('buyer_tax_number'),
    email: text('email'),
    mobile: text('mobile'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<RequestLine[]>().notNull(),
    state: text('state').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    invoiceId: integer('invoice_id'),
    resultCode: text('result_code'),
    failReason: text('fail_reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: ts('reviewed_at'),
    issuedAt: ts('issued_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoice_requests_token_uq').on(t.token),
    index('invoice_requests_tenant_idx').on(t.tenantId, t.createdAt),
    index('invoice_requests_source_idx').on(t.source, t.sourceId),
    index('invoice_requests_invoice_idx').on(t.invoiceId),
    // One live ask per order: a second claim of the same order can never add a second request.
    uniqueIndex('invoice_requests_order_live_uq')
      .on(t.source, t.sourceId)
      .where(sql`${t.source} = 'order' and ${t.state} <> 'rejected'`),
  ],
);

/**
 * 扫码开票订单 (issue 30 §1, sweepCode / smallTicketRecord): a POS receipt, a console order, an Excel row or an API
 * call — its lines and amount (integer fen), bound to one random unguessable code the QR and the link carry.
 * Written by modules/self-service/scan-orders only. state: open → requested (a request waits) → invoiced; open →
 * voided (the seller); a rejected request reopens it. Expired = open past expires_at (never stored). origin: pos |
 * console | import | api; external_no the receipt or order number (unique per tenant: a replayed import or API
 * call answers the first order).
 */
export const scanOrders = pgTable(
  'scan_orders',
  {
    id: id(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    origin: text('origin').notNull().default('console'),
    externalNo: text('external_no'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<RequestLine[]>().notNull(),
    remarks: text('remarks'),
    state: text('state').notNull().default('open'),
    requestId: integer('request_id'),
    invoiceId: integer('invoice_id'),
    expiresAt: ts('expires_at'),
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scan_orders_code_uq').on(t.code),
    uniqueIndex('scan_orders_tenant_no_uq').on(t.tenantId, t.externalNo),
    index('scan_orders_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/** A tenant's order window: orders expire `days` after creation, or at the end of the month (Asia/Shanghai). */
export const scanOrderSettings = pgTable('scan_order_settings', {
  tenantId: integer('tenant_id').primaryKey(),
  windowKind: text('window_kind').notNull().default('days'),
  windowDays: integer('window_days').notNull().default(30),
  updatedAt: updatedAt(),
});
