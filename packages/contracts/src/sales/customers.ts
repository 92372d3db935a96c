import { z } from 'zod';
import { text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceTypeField } from './calculate.ts';

/**
 * 我的客户 is a declared resource (packages/resources defs/sales/customers.ts): its list, get, create, update,
 * delete, export, import and template routes under /api/billing/v1/customers derive from that metadata. Only
 * the issuing form's suggest route, which is no part of the page, is declared here.
 */
const BASE = '/api/billing/v1/customers';

/** A customer as suggest answers it (the resource's row without its tenant). */
export const customerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  taxNumber: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bank: z.string().nullable(),
  account: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  naturalPerson: z.boolean(),
  defaultInvoiceType: invoiceTypeField.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerRow = z.infer<typeof customerRow>;

export const suggestCustomers = defineRoute({
  open: {
    operation: 'customer.search',
    group: 'electronic-invoice',
    path: '/openapi/v1/customers/search',
    isv: true,
    summary: { zh: '按名称、税号查询客户', en: 'Search customers by name or tax number' },
  },
  method: 'GET',
  path: `${BASE}/suggest`,
  // The issuing forms of several menus fill the buyer from here; rows are the caller's own tenant's only.
  permission: 'authenticated',
  tag: 'billing',
  summary: '开票时按名称、税号或拼音首字母联想客户（前10条）',
  query: z.object({ q: text(100).min(1, '请输入关键字') }),
  reply: z.array(customerRow),
});
