import { defineResource } from '../../define.ts';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => ({ value: m, zh: m, en: m }));

/**
 * 网关日志: one row per API request, written by the gate-log plugin. Read-only. A tenant's users see only
 * their tenant's rows (tenant_id); the platform administrator sees all, anonymous calls included.
 */
export const gateLogsMeta = defineResource({
  name: 'gateLogs',
  title: { zh: '网关日志', en: 'Gate log' },
  menuCode: 'gateLogManager',
  tenantScoped: true,
  actions: ['list', 'get', 'export'],
  defaultSort: '-createdAt',
  fields: {
    createdAt: {
      label: { zh: '请求时间', en: 'Time' },
      type: 'datetime',
      filter: 'dateRange',
      sortable: true,
      width: 170,
    },
    username: { label: { zh: '用户名', en: 'Username' }, type: 'string', filter: 'text', width: 120 },
    method: {
      label: { zh: '请求方法', en: 'Method' },
      type: 'string',
      filter: 'select',
      options: METHODS,
      width: 90,
    },
    path: { label: { zh: '请求路径', en: 'Path' }, type: 'string', filter: 'text' },
    status: {
      label: { zh: '状态码', en: 'Status' },
      type: 'number',
      filter: 'httpStatus',
      sortable: true,
      width: 90,
    },
    durationMs: {
      label: { zh: '耗时(毫秒)', en: 'Duration (ms)' },
      type: 'number',
      sortable: true,
      width: 110,
    },
    ip: { label: { zh: 'IP 地址', en: 'IP address' }, type: 'string', width: 130 },
    userAgent: { label: { zh: '客户端', en: 'User agent' }, type: 'string', list: false },
    requestId: { label: { zh: '请求编号', en: 'Request id' }, type: 'string', list: false, export: true },
  },
});
