import { z } from 'zod';
import {
  blankFaceText,
  faceText,
  idParams,
  importReport,
  okReply,
  pagedQuery,
  pageReply,
  patchOf,
  rowIssue,
  sortParam,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceTypeField } from './calculate.ts';

/**
 * 我的客户: the buyer titles (抬头) a tenant invoices, reused by the issuing form. Unique per tenant by
 * 纳税人识别号. Natural persons (§5.3) may omit it and may only default to 普票 types.
 */
const BASE = '/api/billing/v1/customers';
const MENU = 'myCustomer';

export const customerInput = z.object({
  /** §1.4: buyer name ≤ 100. Name, address, phone, bank and account are printed on the invoice face. */
  name: faceText(100, '客户名称').min(1, '客户名称不能为空'),
  /** Checked by the server (format → 400, checksum → saved with a warning); upper-cased. */
  taxNumber: text(20, '纳税人识别号')
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
  address: blankFaceText(200, '地址'),
  phone: blankFaceText(40, '电话'),
  bank: blankFaceText(100, '开户银行'),
  account: blankFaceText(40, '银行账号'),
  email: z
    .union([z.literal(''), z.string().trim().max(50).email('请输入正确的邮箱地址')])
    .nullish()
    .transform((v) => v || null),
  mobile: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号'),
    ])
    .nullish()
    .transform((v) => v || null),
  naturalPerson: z.boolean().default(false),
  defaultInvoiceType: invoiceTypeField.nullish().transform((v) => v ?? null),
});
export type CustomerInput = z.input<typeof customerInput>;

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

/** A save answers the row plus non-blocking warnings (e.g. a credit-code checksum failure, §5.1). */
export const customerSaved = z.object({ customer: customerRow, warnings: z.array(z.string()) });

export const customerFilters = z.object({
  /** Name, tax number or pinyin initials of the name, fuzzy. */
  keyword: text(100).optional(),
  naturalPerson: z.enum(['true', 'false']).optional(),
});

export const CUSTOMER_SORTS = ['name', 'taxNumber', 'createdAt', 'updatedAt'] as const;

export const listCustomers = defineRoute({
  method: 'GET',
  path: BASE,
  permission: MENU,
  tag: 'billing',
  summary: '客户分页列表（名称、纳税人识别号、名称拼音首字母模糊查询）',
  query: pagedQuery(CUSTOMER_SORTS).extend(customerFilters.shape),
  reply: pageReply(customerRow),
});

export const suggestCustomers = defineRoute({
  method: 'GET',
  path: `${BASE}/suggest`,
  // The issuing forms of several menus fill the buyer from here; rows are the caller's own tenant's only.
  permission: 'authenticated',
  tag: 'billing',
  summary: '开票时按名称、税号或拼音首字母联想客户（前10条）',
  query: z.object({ q: text(100).min(1, '请输入关键字') }),
  reply: z.array(customerRow),
});

export const getCustomer = defineRoute({
  method: 'GET',
  path: `${BASE}/{id}`,
  permission: MENU,
  tag: 'billing',
  summary: '客户详情',
  params: idParams,
  reply: customerRow,
});

export const createCustomer = defineRoute({
  method: 'POST',
  path: BASE,
  permission: `${MENU}:btn_add`,
  tag: 'billing',
  summary: '新增客户',
  body: customerInput,
  reply: customerSaved,
});

export const updateCustomer = defineRoute({
  method: 'PUT',
  path: `${BASE}/{id}`,
  permission: `${MENU}:btn_edit`,
  tag: 'billing',
  summary: '修改客户（只改所给字段）',
  params: idParams,
  body: patchOf(customerInput.shape),
  reply: customerSaved,
});

export const deleteCustomer = defineRoute({
  method: 'DELETE',
  path: `${BASE}/{id}`,
  permission: `${MENU}:btn_del`,
  tag: 'billing',
  summary: '删除客户',
  params: idParams,
  reply: okReply,
});

export const customerImportReport = importReport.extend({
  /** Rows saved with a warning (e.g. checksum), named like the errors. */
  warnings: z.array(rowIssue),
});
export type CustomerImportReport = z.infer<typeof customerImportReport>;

/** Multipart: `file` = xlsx in the template's columns. */
export const importCustomers = defineRoute({
  method: 'POST',
  path: `${BASE}/import`,
  permission: `${MENU}:btn_import`,
  tag: 'billing',
  consumes: 'multipart',
  summary: '导入客户 (xlsx；逐行校验，出错的行不写入)',
  reply: customerImportReport,
});

export const customerImportTemplate = defineRoute({
  method: 'GET',
  path: `${BASE}/import-template`,
  permission: MENU,
  tag: 'billing',
  produces: 'file',
  summary: '下载客户导入模板 (xlsx)',
});

export const exportCustomers = defineRoute({
  method: 'GET',
  path: `${BASE}/export`,
  permission: `${MENU}:btn_export`,
  tag: 'billing',
  produces: 'file',
  summary: '按当前筛选条件导出客户 (xlsx)',
  query: customerFilters.extend({ sort: sortParam(CUSTOMER_SORTS) }),
});
