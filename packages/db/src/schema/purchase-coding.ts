import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * Lane PSTATS of issue 31 (/receiptsInvoice/codeUpdate, 进项发票入账编码): the company's rules turning a received
 * invoice line into its own bookkeeping codes, and the codes each line got. Writer: modules/purchase/code-update.
 */
export const receivedCodeRules = pgTable(
  'received_code_rules',
  {
    id: id(),
    tenantId: tenantId(),
    /** category: the line's 税收分类简称 (*办公用品*A4纸 → 办公用品) equals `matchValue`; keyword: the name contains it. */
    matchKind: text('match_kind').notNull(),
    matchValue: text('match_value').notNull(),
    /** Only this supplier's invoices; null: any supplier. */
    sellerTaxNumber: text('seller_tax_number'),
    /** The company's 会计科目 (入账科目) code and name, e.g. 660202 管理费用-办公费. */
    subjectCode: text('subject_code').notNull(),
    subjectName: text('subject_name').notNull(),
    /** The company's 物料编码 / 存货编码, when the line is stock. */
    materialCode: text('material_code'),
    /** Lower first; the first matching rule codes a line. */
    priority: integer('priority').notNull().default(100),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('received_code_rules_match_uq').on(
      t.tenantId,
      t.matchKind,
      t.matchValue,
      sql`coalesce(${t.sellerTaxNumber}, '')`,
    ),
  ],
);

/** The codes a received invoice line got from a rule (one row per line; the line is its position in `lines`). */
export const receivedLineCodings = pgTable(
  'received_line_codings',
  {
    id: id(),
    tenantId: tenantId(),
    receivedInvoiceId: integer('received_invoice_id').notNull(),
    /** 0-based position of the line in received_invoices.lines. */
    lineNo: integer('line_no').notNull(),
    ruleId: integer('rule_id'),
    subjectCode: text('subject_code').notNull(),
    subjectName: text('subject_name').notNull(),
    materialCode: text('material_code'),
    codedBy: integer('coded_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('received_line_codings_line_uq').on(t.tenantId, t.receivedInvoiceId, t.lineNo),
    index('received_line_codings_rule_idx').on(t.tenantId, t.ruleId),
  ],
);
