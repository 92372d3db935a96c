import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * 我的客户: buyer titles (抬头) of a tenant. Unique per tenant by tax number; natural persons may have none
 * (NULLs never collide in a unique index).
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** Upper-cased 纳税人识别号 / credit code; for a natural person an ID number or null. */
    taxNumber: text('tax_number'),
    address: text('address'),
    phone: text('phone'),
    bank: text('bank'),
    account: text('account'),
    email: text('email'),
    mobile: text('mobile'),
    naturalPerson: boolean('natural_person').notNull().default(false),
    /** InvoiceType of @fpy/domain, or null. */
    defaultInvoiceType: text('default_invoice_type'),
    /** Pinyin initials of the name, for the search box. */
    initials: text('initials').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_tenant_tax_number_uq').on(t.tenantId, t.taxNumber),
    index('customers_tenant_name_idx').on(t.tenantId, t.name),
  ],
);
