import { z } from 'zod';
import { defineResource } from '../../define.ts';

/** 字典类型: platform-wide; its code is what forms ask for (GET /api/admin/dict/{typeCode}). */
export const dictTypesMeta = defineResource({
  name: 'dictTypes',
  title: { zh: '字典类型', en: 'Dictionary types' },
  menuCode: 'dictManager',
  tenantScoped: false,
  platformOnly: true,
  actions: ['list', 'get', 'create', 'update', 'delete', 'export'],
  defaultSort: 'code',
  fields: {
    code: {
      label: { zh: '类型编码', en: 'Code' },
      type: 'string',
      schema: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .regex(/^[a-z][a-z0-9_]*$/, '类型编码须以小写字母开头，只能包含小写字母、数字和下划线'),
      filter: 'text',
      sortable: true,
      unique: true,
    },
    name: {
      label: { zh: '类型名称', en: 'Name' },
      type: 'string',
      schema: z.string().trim().min(1).max(64),
      filter: 'text',
      sortable: true,
    },
    description: {
      label: { zh: '描述', en: 'Description' },
      type: 'string',
      schema: z.string().trim().max(255).optional().nullable(),
      widget: 'textarea',
    },
    createdAt: { label: { zh: '创建时间', en: 'Created at' }, type: 'datetime', sortable: true, list: false },
  },
});
