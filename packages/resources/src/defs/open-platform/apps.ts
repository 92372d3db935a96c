import { openAppInput } from '@fpy/contracts';
import { defineResource } from '../../define.ts';
import { createdAtField, EVENT_OPTIONS, GROUP_OPTIONS, STATE_OPTIONS, stateBulk } from './options.ts';

const input = openAppInput.shape;

/**
 * 应用 (open platform console, menu developerRightsManager; issue 32 §1). The appKey and the secret are made by
 * the server on create (createOpenApp: the secret answered once, kept AES-256-GCM encrypted) and on reset; the
 * page shows only the secret's last 4 characters afterwards. The interface groups an app may call are set with
 * their own verb (setOpenAppGroups). Platform only.
 */
export const openAppsMeta = defineResource({
  name: 'openApps',
  title: { zh: '应用', en: 'Apps' },
  menuCode: 'developerRightsManager',
  tenantScoped: false,
  platformOnly: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/open-platform/apps',
  keyword: { zh: '应用名称或 AppKey', en: 'App name or AppKey' },
  actions: ['list', 'get', 'update', 'export'],
  defaultSort: '-createdAt',
  bulk: stateBulk,
  fields: {
    name: {
      label: { zh: '应用名称', en: 'App' },
      type: 'string',
      schema: input.name,
      sortable: true,
      width: 180,
    },
    developerId: {
      label: { zh: '开发者', en: 'Developer' },
      type: 'number',
      schema: input.developerId,
      filter: 'exact',
      list: false,
      export: false,
    },
    developerName: { label: { zh: '开发者', en: 'Developer' }, type: 'string', width: 160 },
    appKey: { label: { zh: 'AppKey', en: 'AppKey' }, type: 'string', filter: 'exact', width: 220 },
    secretHint: { label: { zh: '密钥末四位', en: 'Secret ends with' }, type: 'string', width: 190 },
    tenantName: { label: { zh: '自建企业', en: 'Own company' }, type: 'string', width: 160 },
    groups: {
      label: { zh: '接口分组', en: 'Interface groups' },
      type: 'list',
      options: GROUP_OPTIONS,
      width: 280,
    },
    ipWhitelist: {
      label: { zh: 'IP白名单', en: 'IP whitelist' },
      type: 'list',
      schema: input.ipWhitelist,
      width: 180,
    },
    callbackUrl: {
      label: { zh: '回调地址', en: 'Callback URL' },
      type: 'string',
      schema: input.callbackUrl,
      width: 200,
    },
    webhookEvents: {
      label: { zh: '回调事件', en: 'Webhook events' },
      type: 'list',
      schema: input.webhookEvents,
      options: EVENT_OPTIONS,
      list: false,
    },
    state: {
      label: { zh: '状态', en: 'State' },
      type: 'string',
      schema: input.state,
      filter: 'select',
      options: STATE_OPTIONS,
      width: 80,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: input.remark, list: false },
    secretRotatedAt: {
      label: { zh: '密钥重置时间', en: 'Secret reset at' },
      type: 'datetime',
      list: false,
    },
    createdAt: createdAtField,
  },
});
