import { z } from 'zod';
import { defineResource } from '../../define.ts';

/** 岗位: a tenant's job titles, referenced by users.position_id. */
export const positionsMeta = defineResource({
  name: 'positions',
  title: { zh: '岗位', en: 'Positions' },
  menuCode: 'positionManager',
  tenantScoped: true,
  actions: ['list', 'get', 'create', 'update', 'delete', 'export'],
  defaultSort: 'sortOrder',
  fields: {
    name: {
      label: { zh: '岗位名称', en: 'Name' },
      type: 'string',
      schema: z.string().trim().min(1).max(64),
      filter: 'text',
      sortable: true,
    },
    code: {
      label: { zh: '岗位编码', en: 'Code' },
      type: 'string',
      schema: z
        .string()
        .trim()
        .min(1)
        .max(32)
        .regex(/^[A-Za-z0-9_-]+$/, '岗位编码只能包含字母、数字、下划线和短横线'),
      filter: 'text',
      sortable: true,
      unique: true,
    },
    description: {
      label: { zh: '描述', en: 'Description' },
      type: 'string',
      schema: z.string().trim().max(255).optional().nullable(),
      widget: 'textarea',
    },
    sortOrder: {
      label: { zh: '排序', en: 'Order' },
      type: 'number',
      schema: z.coerce.number().int().min(0).max(9999).default(0),
      sortable: true,
    },
    createdAt: { label: { zh: '创建时间', en: 'Created at' }, type: 'datetime', sortable: true },
  },
});
