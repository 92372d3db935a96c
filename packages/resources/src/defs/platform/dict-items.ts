import { idSchema } from '@fpy/contracts';
import { z } from 'zod';
import { defineResource } from '../../define.ts';

/** 字典项: the values of one dictionary type, with both labels (dict.<type>.<value> on the web). */
export const dictItemsMeta = defineResource({
  name: 'dictItems',
  title: { zh: '字典项', en: 'Dictionary items' },
  menuCode: 'dictManager',
  tenantScoped: false,
  platformOnly: true,
  actions: ['list', 'get', 'create', 'update', 'delete', 'export'],
  // Switching many values on or off is an edit of each (its audit row, its hook), hence the edit code.
  bulk: [
    { name: 'enable', label: { zh: '启用', en: 'Enable' }, element: 'edit', set: { enabled: true } },
    {
      name: 'disable',
      label: { zh: '停用', en: 'Disable' },
      element: 'edit',
      set: { enabled: false },
      confirm: true,
      danger: true,
    },
  ],
  defaultSort: 'sortOrder',
  fields: {
    // The type is chosen on the left of the dictionary page, so it is neither a column nor a visible input.
    typeId: {
      label: { zh: '字典类型', en: 'Type' },
      type: 'number',
      schema: idSchema,
      filter: 'exact',
      list: false,
    },
    value: {
      label: { zh: '字典值', en: 'Value' },
      type: 'string',
      schema: z.string().trim().min(1).max(64),
      filter: 'text',
      sortable: true,
      unique: true,
    },
    labelZh: {
      label: { zh: '中文名称', en: 'Chinese label' },
      type: 'string',
      schema: z.string().trim().min(1).max(128),
      filter: 'text',
    },
    labelEn: {
      label: { zh: '英文名称', en: 'English label' },
      type: 'string',
      schema: z.string().trim().min(1).max(128),
    },
    sortOrder: {
      label: { zh: '排序', en: 'Order' },
      type: 'number',
      schema: z.coerce.number().int().min(0).max(9999).default(0),
      sortable: true,
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      type: 'boolean',
      schema: z.boolean().default(true),
      filter: 'boolean',
    },
  },
});
