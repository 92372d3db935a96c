import { blankText, text } from '@fpy/contracts';
import { z } from 'zod';
import { defineResource } from '../../define.ts';

/**
 * 发票分类 (spec §2.12 /invoicePlat/invoiceClassify): a company's own categories for the invoices it issues
 * (货物销售, 技术服务费, 房屋租金 …), each with a short code unique within the company, for filing and reports.
 * Disabled categories stay on the invoices already filed under them but are no longer offered.
 */
export const invoiceCategoriesMeta = defineResource({
  name: 'invoiceCategories',
  title: { zh: '发票分类', en: 'Invoice categories' },
  menuCode: 'invoiceClassify',
  tenantScoped: true,
  actions: ['list', 'get', 'create', 'update', 'delete', 'export'],
  defaultSort: 'sortOrder',
  fields: {
    name: {
      label: { zh: '分类名称', en: 'Name' },
      type: 'string',
      schema: text(50, '分类名称').min(1, '请输入分类名称'),
      filter: 'text',
      sortable: true,
      width: 200,
    },
    code: {
      label: { zh: '分类编码', en: 'Code' },
      type: 'string',
      schema: text(32, '分类编码')
        .min(1, '请输入分类编码')
        .regex(/^[A-Za-z0-9_-]+$/, '分类编码格式不正确（只能包含字母、数字、下划线和短横线）'),
      filter: 'text',
      sortable: true,
      unique: true,
      width: 160,
    },
    remark: {
      label: { zh: '备注', en: 'Remark' },
      type: 'string',
      schema: blankText(200, '备注'),
      widget: 'textarea',
    },
    sortOrder: {
      label: { zh: '排序', en: 'Order' },
      type: 'number',
      schema: z.coerce
        .number({ error: '排序须为整数' })
        .int('排序须为整数')
        .min(0, '排序不能小于0')
        .max(9999, '排序不能大于9999')
        .default(0),
      sortable: true,
      width: 90,
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      type: 'boolean',
      schema: z.boolean({ error: '启用须为是或否' }).default(true),
      filter: 'boolean',
      width: 90,
    },
    updatedAt: { label: { zh: '更新时间', en: 'Updated at' }, type: 'datetime', sortable: true, width: 170 },
  },
});
