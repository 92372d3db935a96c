import { openRateLimitInput } from '@fpy/contracts';
import { defineResource } from '../../define.ts';
import { createdAtField, STATE_OPTIONS, stateBulk } from './options.ts';

const input = openRateLimitInput.shape;

/**
 * 企业限流 (menu enterpriseRateLimit; issue 32 §2): the operators' limits of open calls — per app, per enterprise
 * or per API (optionally for one app), `points` calls per `windowSeconds`. An empty target is the default for its
 * scope. Every change is published on the bus so each server instance reloads its limits. Platform only.
 */
export const openRateLimitsMeta = defineResource({
  name: 'openRateLimits',
  title: { zh: '企业限流', en: 'Rate limits' },
  menuCode: 'enterpriseRateLimit',
  tenantScoped: false,
  platformOnly: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/open-platform/rate-limits',
  actions: ['list', 'get', 'create', 'update', 'delete', 'export'],
  defaultSort: '-createdAt',
  bulk: stateBulk,
  fields: {
    scope: {
      label: { zh: '限流维度', en: 'Scope' },
      type: 'string',
      schema: input.scope,
      filter: 'select',
      options: [
        { value: 'app', zh: '按应用', en: 'Per app' },
        { value: 'enterprise', zh: '按企业', en: 'Per enterprise' },
        { value: 'api', zh: '按接口', en: 'Per API' },
      ],
      width: 100,
    },
    appId: {
      label: { zh: '应用', en: 'App' },
      type: 'number',
      schema: input.appId,
      filter: 'exact',
      list: false,
      export: false,
    },
    appName: { label: { zh: '应用', en: 'App' }, type: 'string', width: 160 },
    tenantId: {
      label: { zh: '企业', en: 'Company' },
      type: 'number',
      schema: input.tenantId,
      filter: 'exact',
      list: false,
      export: false,
    },
    tenantName: { label: { zh: '企业', en: 'Company' }, type: 'string', width: 180 },
    operation: {
      label: { zh: '接口编码', en: 'Operation' },
      type: 'string',
      schema: input.operation,
      filter: 'text',
      width: 180,
    },
    points: {
      label: { zh: '次数上限', en: 'Calls' },
      type: 'number',
      schema: input.points,
      sortable: true,
      width: 100,
    },
    windowSeconds: {
      label: { zh: '时间窗（秒）', en: 'Window (s)' },
      type: 'number',
      schema: input.windowSeconds,
      width: 110,
    },
    state: {
      label: { zh: '状态', en: 'State' },
      type: 'string',
      schema: input.state.default('enabled'),
      filter: 'select',
      options: STATE_OPTIONS,
      width: 80,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: input.remark, width: 160 },
    createdAt: createdAtField,
  },
});
