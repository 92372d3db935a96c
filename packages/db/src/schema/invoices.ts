import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** 特定要素 label code (§1.3), optional. */
    specialLabel: text('special_label'),
    /** The creator's department: opener defaults and department filters. */
    departmentId: integer('department_id'),
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
    /** Red invoices: RedLetterReason and the product-side 确认单 they were issued with. */
    redReason: text('red_reason'),
    redFormId: integer('red_form_id'),
    /** 校验码 / QR check value the bureau returned (§8.2). */
    checkCode: text('check_code'),
    /** Invoices created by a batch upload: the batch and its invoice group number (1-based). */
    batchId: integer('batch_id'),
    batchRow: integer('batch_row'),
    /** 发票分类 (invoice_categories of the same tenant), set on the query page; null = 未分类. No foreign key:
     * inserts on the issuing hot path pay no trigger, and a deleted category is refused while in use. */
    categoryId: integer('category_id'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_tenant_serial_uq').on(t.tenantId, t.clientSerial),
    index('invoices_tenant_status_idx').on(t.tenantId, t.status, t.issuedAt, t.id),
    index('invoices_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('invoices_tenant_issued_idx').on(t.tenantId, t.issuedAt, t.id),
    index('invoices_tenant_number_idx').on(t.tenantId, t.number),
    index('invoices_blue_idx').on(t.blueInvoiceId),
    index('invoices_batch_idx').on(t.batchId, t.batchRow),
    // 销项发票查询 on a million rows (scripts/bench/seed.ts): each single filter, first page ordered by
    // (issuedAt, id) straight from the index — without the id the rows without an issue date (drafts, sorted
    // first) would all be read and sorted before LIMIT.
    index('invoices_tenant_buyer_tax_idx').on(t.tenantId, t.buyerTaxNumber, t.issuedAt, t.id),
    index('invoices_tenant_type_issued_idx').on(t.tenantId, t.type, t.issuedAt, t.id),
    index('invoices_tenant_drawer_issued_idx').on(t.tenantId, t.drawer, t.issuedAt, t.id),
    index('invoices_tenant_total_idx').on(t.tenantId, t.totalFen),
    index('invoices_tenant_colour_idx').on(t.tenantId, t.colour, t.issuedAt, t.id),
    index('invoices_tenant_category_idx').on(t.tenantId, t.categoryId, t.issuedAt, t.id),
    // "Buyer name contains …" (销项发票查询): trigrams, created with the pg_trgm extension in migration 0003.
    // No pending list (fastupdate): with one, the insert that overflows it merges the whole list into the
    // index while its request waits; on the issuing bench that was the slowest accept statements.
    index('invoices_buyer_name_trgm_idx')
      .using('gin', t.buyerName.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // The stuck-issuing sweep (modules/sales/invoicing/sweeps.ts) reads only the few invoices in flight.
    index('invoices_in_flight_idx').on(t.updatedAt).where(sql`${t.status} in ('ready', 'issuing')`),
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
    /** Red lines: the blue line (xh) this line reverses (§6.1 partial red). */
    blueLineNo: integer('blue_line_no'),
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

/**
 * 红字发票信息确认单 as the product tracks it (§6.1); the bureau (gateway) holds the authoritative state and
 * this row mirrors it after each call. Amounts are the positive part being reversed; the red invoice is negative.
 */
export const redLetterForms = pgTable(
  'red_letter_forms',
  {
    id: id(),
    tenantId: tenantId(),
    blueInvoiceId: integer('blue_invoice_id').notNull(),
    blueNumber: text('blue_number').notNull(),
    /** The gateway's form number; null until the bureau accepted the application. */
    formNo: text('form_no'),
    /** 'seller' | 'buyer' (§6.1 sqyy). */
    initiator: text('initiator').notNull(),
    /** RedLetterReason. */
    reason: text('reason').notNull(),
    /** RedLetterFormState. */
    state: text('state').notNull(),
    partial: integer('partial').notNull().default(0),
    amountFen: fen('amount_fen'),
    taxFen: fen('tax_fen'),
    totalFen: fen('total_fen'),
    /** Per blue line: { blueLineNo, quantity?, amountFen, taxFen } (positive). */
    lines: jsonb('lines').notNull(),
    /** End of the 72-hour confirmation window; null when nothing is pending. */
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }),
    redInvoiceId: integer('red_invoice_id'),
    remarks: text('remarks'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('red_letter_forms_tenant_state_idx').on(t.tenantId, t.state),
    index('red_letter_forms_blue_idx').on(t.blueInvoiceId),
    uniqueIndex('red_letter_forms_form_no_uq').on(t.tenantId, t.formNo),
  ],
);

/** Layout files of an issued invoice (issue 4 §4): one row per format, bytes in the file store. */
export const invoiceFiles = pgTable(
  'invoice_files',
  {
    id: id(),
    tenantId: tenantId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** 'pdf' | 'xml'. */
    format: text('format').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invoice_files_invoice_format_uq').on(t.invoiceId, t.format)],
);

/** 批量开票 (issue 4 §3 batchInvoice): one uploaded workbook, its validation report and its progress. */
export const invoiceBatches = pgTable(
  'invoice_batches',
  {
    id: id(),
    tenantId: tenantId(),
    fileName: text('file_name').notNull(),
    /** 'validated' | 'running' | 'done' | 'cancelled'. */
    status: text('status').notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    /** Invoices the valid rows make (rows grouped by invoice number column). */
    invoiceCount: integer('invoice_count').notNull().default(0),
    issuedCount: integer('issued_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    /** The parsed, validated invoices to create: CreateInvoiceBody-like objects in group order. */
    payload: jsonb('payload').notNull(),
    /** Row-by-row validation issues. */
    report: jsonb('report').notNull(),
    createdBy: integer('created_by'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('invoice_batches_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** 开票人设置 (openerSetup): drawers, payees and reviewers, with a default per department. */
export const openerProfiles = pgTable(
  'opener_profiles',
  {
    id: id(),
    tenantId: tenantId(),
    /** 'drawer' | 'payee' | 'reviewer'. */
    role: text('role').notNull(),
    name: text('name').notNull(),
    /** null: the company-wide entry. */
    departmentId: integer('department_id'),
    isDefault: integer('is_default').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('opener_profiles_tenant_idx').on(t.tenantId, t.role)],
);

/** 打印设置 (printSetup): saved offsets per printer, in tenths of a millimetre. */
export const printSettings = pgTable(
  'print_settings',
  {
    id: id(),
    tenantId: tenantId(),
    printerName: text('printer_name').notNull(),
    /** InvoiceType or null for every type. */
    invoiceType: text('invoice_type'),
    offsetX: integer('offset_x').notNull().default(0),
    offsetY: integer('offset_y').notNull().default(0),
    isDefault: integer('is_default').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('print_settings_tenant_printer_uq').on(t.tenantId, t.printerName)],
);
