import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/**
 * A tenant's title-scan settings (issue 30 §1): 扫码抬头 (the buyer form: BuyerFormRules of @fpy/domain) and 扫码开票
 * (switches and texts the buyer sees), each a JSON record validated by the contracts (self-service/titles.ts) and
 * read back through the domain's sanitiser. No row = the defaults. Written by modules/self-service/titles only.
 */
export const titleScanSettings = pgTable('title_scan_settings', {
  tenantId: integer('tenant_id').primaryKey(),
  scanTitle: jsonb('scan_title'),
  scanInvoice: jsonb('scan_invoice'),
  updatedBy: integer('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * Companies the platform knows (issue 30 §3): name and 统一社会信用代码 as on the business register — public data —
 * learnt from the buyers of issued invoices (companies only: a natural person or a number that is not a valid
 * credit code is never kept) and from the demo seed. No tenant column on purpose: nothing here says who invoiced
 * whom. Written by modules/self-service/titles only.
 */
export const knownCompanies = pgTable(
  'known_companies',
  {
    id: id(),
    /** Upper-case 18-character credit code (checksum valid). */
    taxNumber: text('tax_number').notNull().unique(),
    name: text('name').notNull(),
    /** 'invoice' (learnt from an issued invoice) | 'seed'. */
    source: text('source').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  // "Name contains …" as the buyer types: trigrams (pg_trgm, migration 0003), like the invoices' buyer names; the
  // list grows with every company any tenant invoices, so a plain scan would not do.
  (t) => [index('known_companies_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops'))],
);
