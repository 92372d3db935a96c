import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * The sandbox bureau's marks on invoices it knows (issue 31, lane CORE, sandbox/received-collect.ts): an invoice
 * declared abnormal (异常凭证 / 失控) or voided after issue, when. Red-lettering is read from the red invoices.
 */
export const taxSandboxInvoiceMarks = pgTable(
  'tax_sandbox_invoice_marks',
  {
    id: id(),
    sellerCreditCode: text('seller_credit_code').notNull(),
    number: text('number').notNull(),
    buyerTaxNumber: text('buyer_tax_number'),
    /** abnormal | voided */
    state: text('state').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_sandbox_invoice_marks_uq').on(t.sellerCreditCode, t.number, t.state),
    index('tax_sandbox_invoice_marks_buyer_idx').on(t.buyerTaxNumber, t.markedAt),
  ],
);
