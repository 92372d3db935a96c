import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** A company using the platform. Flag meanings: @fpy/domain account-flags.ts. */
export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    name: text('name').notNull(),
    creditCode: text('credit_code').notNull(),
    tenantCode: text('tenant_code').notNull(),
    tenantType: integer('tenant_type').notNull().default(1),
    parentId: integer('parent_id'),
    status: integer('status').notNull().default(1),
    invoiceMethod: integer('invoice_method').notNull().default(1),
    address: text('address'),
    phone: text('phone'),
    bank: text('bank'),
    account: text('account'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    email: text('email'),
    logoUrl: text('logo_url'),
    titleImageUrl: text('title_image_url'),
    extensionCode: text('extension_code'),
    /** 发票专用章 image printed on invoice PDFs (stored_files key), optional. */
    sealImageKey: text('seal_image_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tenants_code_uq').on(t.tenantCode), index('tenants_credit_idx').on(t.creditCode)],
);
