import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * 商品和服务税收分类编码: the national tree, platform reference data (no tenant). Loaded from
 * packages/db/reference/tax-classification-codes.csv on first start; a sync with a newer table file adds
 * and changes rows and marks vanished ones disabled — never deletes, because issued invoices and tenants'
 * commodity codes keep pointing at them.
 */
export const taxCodes = pgTable(
  'tax_codes',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    description: text('description').notNull().default(''),
    /** As printed in the table: `13%`, `9%、13%` … ('' when the table gives none). */
    vatRates: text('vat_rates').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
    parentCode: text('parent_code'),
    level: integer('level').notNull(),
    isLeaf: boolean('is_leaf').notNull(),
    /** 汇总项: a grouping row that must not appear on an invoice line. */
    isSummary: boolean('is_summary').notNull(),
    /** false once a newer table no longer lists the code (retired). */
    enabled: boolean('enabled').notNull().default(true),
    /** Table version that last added or changed the row. */
    version: text('version').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tax_codes_parent_idx').on(t.parentCode)],
);

/** One import or sync of the table file: counts and the lists of added, changed and retired codes. */
export const taxCodeJobs = pgTable('tax_code_jobs', {
  id: id(),
  kind: text('kind').notNull(),
  version: text('version').notNull(),
  fileName: text('file_name').notNull(),
  total: integer('total').notNull(),
  added: integer('added').notNull(),
  changed: integer('changed').notNull(),
  retired: integer('retired').notNull(),
  unchanged: integer('unchanged').notNull(),
  /** { added: string[], changed: {code, fields}[], retired: string[], flaggedTenantCodes: number } */
  details: jsonb('details').notNull(),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});

/**
 * Codes a sync retired. Tenants' commodity codes (another module) join on `code` to flag the products that
 * still use a retired code; nothing is changed for them silently. `suggestedCode` is a newly added code
 * with the same name, when there is exactly one.
 */
export const taxCodeRetirements = pgTable(
  'tax_code_retirements',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    jobId: integer('job_id').notNull(),
    suggestedCode: text('suggested_code'),
    /** Set when a later table lists the code again. */
    reinstatedAt: timestamp('reinstated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('tax_code_retirements_code_idx').on(t.code)],
);

/** A tenant's confirmed or corrected coding of a product name (智能赋码 memory), ranked first next time. */
export const tenantCodingMemory = pgTable(
  'tenant_coding_memory',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** Normalised name (lower case, no spaces or punctuation): identical names meet on it. */
    nameKey: text('name_key').notNull(),
    code: text('code').notNull(),
    confirmations: integer('confirmations').notNull().default(1),
    confirmedBy: integer('confirmed_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tenant_coding_memory_uq').on(t.tenantId, t.nameKey)],
);

/** A batch AI-coding job; state lives here so progress survives a page reload or a server restart. */
export const aiCodingJobs = pgTable(
  'ai_coding_jobs',
  {
    id: id(),
    tenantId: tenantId(),
    fileName: text('file_name').notNull(),
    /** queued → running → done | failed */
    status: text('status').notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    error: text('error'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ai_coding_jobs_tenant_idx').on(t.tenantId)],
);

export const aiCodingJobRows = pgTable(
  'ai_coding_job_rows',
  {
    id: id(),
    tenantId: tenantId(),
    jobId: integer('job_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    name: text('name').notNull(),
    /** Top 3 suggestions, null until the runner reaches the row. */
    suggestions: jsonb('suggestions'),
    acceptedCode: text('accepted_code'),
  },
  (t) => [index('ai_coding_job_rows_job_idx').on(t.jobId, t.rowNumber)],
);
