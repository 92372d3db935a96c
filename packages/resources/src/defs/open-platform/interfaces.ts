import { openInterfaceGroupInput, openInterfaceInput, openState } from '@fpy/contracts';
import { defineResource } from '../../define.ts';
import { GROUP_OPTIONS, STATE_OPTIONS, stateBulk } from './options.ts';

const group = openInterfaceGroupInput.shape;
const api = openInterfaceInput.shape;

/**
 * 接口分组 (menu interfaceGroup; issue 32 §1): the product lines every open API belongs to. The codes are
 * declared once in the contracts (OPEN_GROUPS) beside the APIs that name them, so the page edits a group's names,
 * description, order and state; it neither invents nor deletes codes (no API could belong to them). A disabled
 * group is refused to every app. Platform only.
 */
export const openInterfaceGroupsMeta = defineResource({
  name: 'openInterfaceGroups',
  title: { zh: '接口分组', en: 'Interface groups' },
  menuCode: 'interfaceGroup',
  tenantScoped: false,
  platformOnly: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/open-platform/interface-groups',
  keyword: { zh: '分组编码或名称', en: 'Code or name' },
  actions: ['list', 'get', 'update', 'export'],
  defaultSort: 'sort',
  bulk: stateBulk,
  fields: {
    code: { label: { zh: '分组编码', en: 'Code' }, type: 'string', width: 160 },
    nameZh: { label: { zh: '中文名称', en: 'Name (zh)' }, type: 'string', schema: group.nameZh, width: 140 },
    nameEn: { label: { zh: '英文名称', en: 'Name (en)' }, type: 'string', schema: group.nameEn, width: 160 },
    descriptionZh: {
      label: { zh: '中文说明', en: 'Description (zh)' },
      type: 'string',
      schema: group.descriptionZh,
      widget: 'textarea',
      width: 260,
    },
    descriptionEn: {
      label: { zh: '英文说明', en: 'Description (en)' },
      type: 'string',
      schema: group.descriptionEn,
      widget: 'textarea',
      list: false,
    },
    interfaceCount: { label: { zh: '接口数', en: 'APIs' }, type: 'number', width: 80 },
    appCount: { label: { zh: '已开通应用', en: 'Apps granted' }, type: 'number', width: 100 },
    state: {
      label: { zh: '状态', en: 'State' },
      type: 'string',
      schema: openState.default('enabled'),
      filter: 'select',
      options: STATE_OPTIONS,
      width: 80,
    },
    sort: {
      label: { zh: '排序', en: 'Order' },
      type: 'number',
      schema: group.sort,
      sortable: true,
      width: 70,
    },
  },
});

/**
 * 平台接口 (menu platformInterface; issue 32 §1): the registry of open APIs, synced at start from the contracts'
 * `open` declarations (operation, group, method, path, names: the declaration's, read-only here). Operators
 * switch an API off or on (the sync keeps their choice); a retired API's declaration is gone.
 */
export const openInterfacesMeta = defineResource({
  name: 'openInterfaces',
  title: { zh: '平台接口', en: 'Platform APIs' },
  menuCode: 'platformInterface',
  tenantScoped: false,
  platformOnly: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/open-platform/interfaces',
  keyword: { zh: '接口编码、名称或路径', en: 'Operation, name or path' },
  actions: ['list', 'get', 'update', 'export'],
  defaultSort: 'sort',
  bulk: stateBulk,
  fields: {
    groupCode: {
      label: { zh: '接口分组', en: 'Group' },
      type: 'string',
      filter: 'select',
      options: GROUP_OPTIONS,
      width: 120,
    },
    operation: {
      label: { zh: '接口编码', en: 'Operation' },
      type: 'string',
      sortable: true,
      width: 200,
    },
    nameZh: { label: { zh: '中文名称', en: 'Name (zh)' }, type: 'string', width: 160 },
    nameEn: { label: { zh: '英文名称', en: 'Name (en)' }, type: 'string', list: false },
    method: {
      label: { zh: '方法', en: 'Method' },
      type: 'string',
      filter: 'select',
      options: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => ({ value: m, zh: m, en: m })),
      width: 80,
    },
    path: { label: { zh: '开放路径', en: 'Open path' }, type: 'string', width: 280 },
    isv: {
      label: { zh: '服务商可调用', en: 'ISV may call' },
      type: 'boolean',
      filter: 'boolean',
      width: 100,
    },
    retired: { label: { zh: '已下线', en: 'Retired' }, type: 'boolean', filter: 'boolean', width: 80 },
    state: {
      label: { zh: '状态', en: 'State' },
      type: 'string',
      schema: api.state,
      filter: 'select',
      options: STATE_OPTIONS,
      width: 80,
    },
    // Written by the sync from the declarations' order at every start (read-only here).
    sort: { label: { zh: '排序', en: 'Order' }, type: 'number', sortable: true, width: 70 },
    updatedAt: { label: { zh: '同步时间', en: 'Synced at' }, type: 'datetime', width: 170 },
  },
});
