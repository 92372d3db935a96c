import type { CustomerRow } from '@fpy/contracts';
import type { customers } from '@fpy/db';
import { isInvoiceType } from '@fpy/domain';

export type Customer = typeof customers.$inferSelect;

export const customerRowOf = (c: Customer): CustomerRow => ({
  id: c.id,
  name: c.name,
  taxNumber: c.taxNumber,
  address: c.address,
  phone: c.phone,
  bank: c.bank,
  account: c.account,
  email: c.email,
  mobile: c.mobile,
  naturalPerson: c.naturalPerson,
  defaultInvoiceType: isInvoiceType(c.defaultInvoiceType) ? c.defaultInvoiceType : null,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
