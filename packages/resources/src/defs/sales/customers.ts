import { blankFaceText, faceText, invoiceTypeField, text } from '@fpy/contracts';
import { INVOICE_TYPE_RULES, type InvoiceType } from '@fpy/domain';
import { z } from 'zod';
import { defineResource } from '../../define.ts';

const typeLabels = Object.values(INVOICE_TYPE_RULES).map((r) => r.label);

/** Emptied optional text travels as null, so a PUT can clear it. */
const orNull = <T extends z.ZodType>(s: T) =>
  z
    .union([z.literal(''), s])
    .nullish()
    .transform((v) => v || null);

/**
 * 我的客户 (spec §2.12 /outputInvoiceManager/myCustomer): the buyer titles (抬头) a tenant invoices, reused by
 * the issuing form. Unique per tenant by 纳税人识别号; natural persons (domain notes §5.3) may omit it and may
 * only default to 普票 types — the write hook (server crud/hooks/customers.ts) checks that and derives the
 * pinyin initials the keyword box searches. Routes stay on the spec path.
 */
export const customersMeta = defineResource({
  name: 'customers',
  title: { zh: '我的客户', en: 'My customers' },
  menuCode: 'myCustomer',
  tenantScoped: true,
  basePath: '/api/billing/v1/customers',
  tag: 'billing',
  keyword: { zh: '客户名称、纳税人识别号或拼音首字母', en: 'Name, taxpayer number or pinyin initials' },
  savedKey: 'customer',
  actions: ['list', 'get', 'create', 'update', 'delete', 'export', 'import', 'template'],
  defaultSort: '-id',
  importNotes: [
    {
      zh: '客户名称必填；企业客户必须填写纳税人识别号（15、17、18或20位），同一纳税人识别号只能有一个客户。',
      en: 'Name is required; a company needs its taxpayer number (15, 17, 18 or 20 characters), unique per company.',
    },
    {
      zh: '统一社会信用代码校验位不符时仍会导入，并在结果中提示核对。',
      en: 'A credit code whose check character does not match is imported with a warning.',
    },
    {
      zh: '自然人填“是”或“否”（默认否）；自然人可不填纳税人识别号，默认发票类型只能是普通发票。',
      en: 'Natural person: 是 or 否 (default 否); natural persons may omit the number and default only to ordinary invoices.',
    },
    {
      zh: `默认发票类型可留空，或填写：${typeLabels.join('、')}。`,
      en: `Default invoice type may be empty, or one of: ${typeLabels.join(', ')}.`,
    },
    {
      zh: '逐行导入：有错误的行不会写入，其余行照常导入，导入后可查看错误明细。',
      en: 'Row by row: a row with an error is not written, the others are; the result lists every error.',
    },
  ],
  // Declaration order is the import template's column order.
  fields: {
    /** §1.4: buyer name ≤ 100. Name, address, phone, bank and account are printed on the invoice face. */
    name: {
      label: { zh: '客户名称', en: 'Customer name' },
      type: 'string',
      schema: faceText(100, '客户名称').min(1, '客户名称不能为空'),
      sortable: true,
      width: 240,
    },
    /** Format checked by the write hook (malformed → 400, checksum → saved with a warning); upper-cased. */
    taxNumber: {
      label: { zh: '纳税人识别号', en: 'Taxpayer number' },
      type: 'string',
      schema: text(20, '纳税人识别号')
        .nullish()
        .transform((v) => (v ? v.toUpperCase() : null)),
      sortable: true,
      unique: { key: 'CUSTOMER_DUPLICATE', param: 'tax' },
    },
    address: { label: { zh: '地址', en: 'Address' }, type: 'string', schema: blankFaceText(200, '地址') },
    phone: { label: { zh: '电话', en: 'Phone' }, type: 'string', schema: blankFaceText(40, '电话') },
    bank: { label: { zh: '开户行', en: 'Bank' }, type: 'string', schema: blankFaceText(100, '开户银行') },
    account: {
      label: { zh: '银行账号', en: 'Account' },
      type: 'string',
      schema: blankFaceText(40, '银行账号'),
    },
    email: {
      label: { zh: '邮箱', en: 'E-mail' },
      type: 'string',
      schema: orNull(z.string().trim().max(50).email('请输入正确的邮箱地址')),
    },
    mobile: {
      label: { zh: '手机号', en: 'Mobile' },
      type: 'string',
      schema: orNull(
        z
          .string()
          .trim()
          .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号'),
      ),
      list: false,
      export: true,
    },
    naturalPerson: {
      label: { zh: '自然人', en: 'Natural person' },
      type: 'boolean',
      schema: z.boolean().default(false),
      filter: 'boolean',
    },
    defaultInvoiceType: {
      label: { zh: '默认发票类型', en: 'Default invoice type' },
      type: 'string',
      schema: invoiceTypeField.nullish().transform((v) => v ?? null),
      // The web shows the translated type names (entities/invoice); these labels are the sheet's.
      options: Object.entries(INVOICE_TYPE_RULES).map(([value, r]) => ({
        value: value as InvoiceType,
        zh: r.label,
        en: r.label,
      })),
    },
    createdAt: {
      label: { zh: '创建时间', en: 'Created at' },
      type: 'datetime',
      sortable: true,
      list: false,
      export: false,
    },
    updatedAt: { label: { zh: '更新时间', en: 'Updated' }, type: 'datetime', sortable: true, export: false },
  },
});
