import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * 码牌 (issue 30 §1): a static QR code on a shop counter or for a business line. The buyer scans it, enters the
 * amount, picks one of the allowed goods categories (the tenant's commodities) and asks for an invoice; the
 * request goes to invoice_requests (source 'board'). Written by modules/self-service/code-boards only.
 * - code: random, unguessable (≥ 96 bits), the only thing the QR carries; unique over every tenant.
 * - kind: shop | counter | business (a business line's board, /systemSetupManager/businessCodeBoard).
 * - invoiceKind: normal | allEle (全电 boards, /outputInvoiceManager/allEleInvoiceCodeBoard).
 * - categoryIds: the allowed commodities' ids, comma-separated ("12,15"); checked against the tenant's goods.
 * - capFen: the most one request may ask, integer fen. approval: auto (under the cap, allowed category) | manual.
 */
export const codeBoards = pgTable(
  'code_boards',
  {
    id: id(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('shop'),
    invoiceKind: text('invoice_kind').notNull().default('allEle'),
    businessLine: text('business_line'),
    categoryIds: text('category_ids').notNull(),
    capFen: bigint('cap_fen', { mode: 'number' }).notNull(),
    approval: text('approval').notNull().default('manual'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('code_boards_code_uq').on(t.code),
    index('code_boards_tenant_idx').on(t.tenantId, t.id),
    uniqueIndex('code_boards_tenant_name_uq').on(t.tenantId, t.name),
  ],
);

/**
 * 码牌管控: a company's switch and caps over all its boards (one row per company; none = the defaults: boards
 * on, auto-approval allowed, no ceiling). A platform account sees and edits every company's row, which is how
 * the platform switches a company's boards off. maxCapFen 0 = no ceiling over the boards' own caps;
 * dailyRequests 0 = no daily limit per board.
 */
export const codeBoardControls = pgTable(
  'code_board_controls',
  {
    id: id(),
    tenantId: tenantId(),
    enabled: boolean('enabled').notNull().default(true),
    autoApproveAllowed: boolean('auto_approve_allowed').notNull().default(true),
    maxCapFen: bigint('max_cap_fen', { mode: 'number' }).notNull().default(0),
    dailyRequests: integer('daily_requests').notNull().default(0),
    remark: text('remark'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('code_board_controls_tenant_uq').on(t.tenantId)],
);
