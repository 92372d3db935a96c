import {
  authCodeInput,
  DEVICE_TYPES,
  deviceBindingInput,
  OAUTH_GRANT_TYPES,
  oauthClientInput,
} from '@fpy/contracts';
import { type BulkVerbDef, defineResource } from '../../define.ts';
import { createdAtField, GROUP_OPTIONS, STATE_OPTIONS, stateBulk } from './options.ts';

const client = oauthClientInput.shape;
const code = authCodeInput.shape;
const device = deviceBindingInput.shape;

const GRANT_TEXTS: Record<(typeof OAUTH_GRANT_TYPES)[number], [string, string]> = {
  password: ['密码模式', 'Password'],
  client_credentials: ['客户端凭证', 'Client credentials'],
  authorization_code: ['授权码模式', 'Authorization code'],
  refresh_token: ['刷新令牌', 'Refresh token'],
};
export const GRANT_OPTIONS = OAUTH_GRANT_TYPES.map((g) => ({
  value: g,
  zh: `${GRANT_TEXTS[g][0]} (${g})`,
  en: `${GRANT_TEXTS[g][1]} (${g})`,
}));

/**
 * OAuth 客户端 (menu oauthClientDetailsManager, /authManager; issue 32 §1): the clients of /api/auth/oauth/token —
 * client id, grant types, scopes, redirect URIs, token validity, switch. The secret is made by the server on
 * create and reset, answered once and stored only as its SHA-256. The console's own client (webApp) cannot be
 * switched off or lose the password grant. Platform only.
 */
export const oauthClientsMeta = defineResource({
  name: 'oauthClients',
  title: { zh: 'OAuth客户端', en: 'OAuth clients' },
  menuCode: 'oauthClientDetailsManager',
  tenantScoped: false,
  platformOnly: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/auth/oauth-clients',
  keyword: { zh: '客户端ID或名称', en: 'Client id or name' },
  actions: ['list', 'get', 'update', 'export'],
  defaultSort: '-createdAt',
  bulk: [
    { name: 'enable', label: { zh: '启用', en: 'Enable' }, element: 'enable', set: { enabled: true } },
    {
      name: 'disable',
      label: { zh: '停用', en: 'Disable' },
      element: 'disable',
      set: { enabled: false },
      confirm: true,
      danger: true,
    },
  ],
  fields: {
    clientId: {
      label: { zh: '客户端ID', en: 'Client id' },
      type: 'string',
      schema: client.clientId,
      sortable: true,
      unique: true,
      width: 230,
    },
    name: { label: { zh: '客户端名称', en: 'Name' }, type: 'string', schema: client.name, width: 160 },
    grantTypes: {
      label: { zh: '授权类型', en: 'Grant types' },
      type: 'string',
      schema: client.grantTypes,
      width: 240,
    },
    scopes: { label: { zh: '授权范围', en: 'Scopes' }, type: 'string', schema: client.scopes, width: 140 },
    redirectUris: {
      label: { zh: '回调地址', en: 'Redirect URIs' },
      type: 'string',
      schema: client.redirectUris,
      width: 220,
    },
    accessTokenTtl: {
      label: { zh: '访问令牌有效期（秒）', en: 'Access token (s)' },
      type: 'number',
      schema: client.accessTokenTtl.default(43200),
      width: 150,
    },
    refreshTokenTtl: {
      label: { zh: '刷新令牌有效期（秒）', en: 'Refresh token (s)' },
      type: 'number',
      schema: client.refreshTokenTtl.default(2592000),
      width: 150,
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      type: 'boolean',
      schema: client.enabled.default(true),
      filter: 'boolean',
      width: 70,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: client.remark, list: false },
    createdAt: createdAtField,
  },
});

export const AUTH_CODE_STATUS_OPTIONS = [
  { value: 'valid', zh: '可用', en: 'Valid' },
  { value: 'exhausted', zh: '已用完', en: 'Used up' },
  { value: 'expired', zh: '已过期', en: 'Expired' },
  { value: 'disabled', zh: '已停用', en: 'Disabled' },
];

/**
 * 授权码 (menu authCode, /authManager; issue 32 §1): codes the platform hands out to activate a product line for
 * an enterprise or an app (a client installation, a device centre). The code is made by the server and never
 * changes; its status reads from state, expiry and uses. Platform only.
 */
export const openAuthCodesMeta = defineResource({
  name: 'openAuthCodes',
  title: { zh: '授权码', en: 'Authorisation codes' },
  menuCode: 'authCode',
  tenantScoped: false,
  platformOnly: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/auth/auth-codes',
  keyword: { zh: '授权码或企业名称', en: 'Code or company' },
  actions: ['list', 'get', 'create', 'update', 'export'],
  defaultSort: '-createdAt',
  bulk: stateBulk,
  fields: {
    code: { label: { zh: '授权码', en: 'Code' }, type: 'string', width: 220 },
    product: {
      label: { zh: '产品线', en: 'Product' },
      type: 'string',
      schema: code.product,
      filter: 'select',
      options: GROUP_OPTIONS,
      width: 110,
    },
    tenantId: {
      label: { zh: '绑定企业', en: 'Company' },
      type: 'number',
      schema: code.tenantId,
      filter: 'exact',
      list: false,
      export: false,
    },
    tenantName: { label: { zh: '绑定企业', en: 'Company' }, type: 'string', width: 180 },
    appId: {
      label: { zh: '绑定应用', en: 'App' },
      type: 'number',
      schema: code.appId,
      list: false,
      export: false,
    },
    appName: { label: { zh: '绑定应用', en: 'App' }, type: 'string', width: 150 },
    expiresAt: {
      label: { zh: '到期时间', en: 'Expires at' },
      type: 'datetime',
      schema: code.expiresAt,
      sortable: true,
      width: 170,
    },
    maxUses: {
      label: { zh: '可用次数', en: 'Max uses' },
      type: 'number',
      schema: code.maxUses.default(1),
      width: 90,
    },
    uses: { label: { zh: '已用次数', en: 'Used' }, type: 'number', width: 90 },
    status: {
      label: { zh: '状态', en: 'Status' },
      type: 'string',
      filter: 'select',
      options: AUTH_CODE_STATUS_OPTIONS,
      width: 90,
    },
    state: {
      label: { zh: '启用状态', en: 'Switch' },
      type: 'string',
      schema: code.state.default('enabled'),
      options: STATE_OPTIONS,
      list: false,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: code.remark, list: false },
    createdAt: createdAtField,
  },
});

const DEVICE_TEXTS: Record<(typeof DEVICE_TYPES)[number], [string, string]> = {
  'tax-ukey': ['税务UKey', 'Tax UKey'],
  'tax-disk': ['税控盘', 'Tax control disk'],
  printer: ['发票打印机', 'Invoice printer'],
  pos: ['收银机/POS', 'POS terminal'],
  scanner: ['扫码枪', 'Barcode scanner'],
  kiosk: ['自助开票机', 'Self-service kiosk'],
};

const unbind: readonly BulkVerbDef[] = [
  { name: 'unbind', label: { zh: '解绑', en: 'Unbind' }, element: 'unbind', confirm: true, danger: true },
];

/**
 * 设备绑定 (menu deviceBinding, /authManager; issue 32 §1): a device bound to an enterprise and the app or OAuth
 * client that drives it. A serial is bound to one enterprise at a time (a second binding is a 400 naming the
 * serial); unbinding keeps the row as history. Tenant-owned rows; the page is the platform's.
 */
export const openDeviceBindingsMeta = defineResource({
  name: 'openDeviceBindings',
  title: { zh: '设备绑定', en: 'Device bindings' },
  menuCode: 'deviceBinding',
  tenantScoped: true,
  platformOnly: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/auth/device-bindings',
  keyword: { zh: '设备序列号、名称或企业名称', en: 'Serial, name or company' },
  actions: ['list', 'get', 'create', 'update', 'export'],
  defaultSort: '-boundAt',
  bulk: unbind,
  fields: {
    deviceSerial: {
      label: { zh: '设备序列号', en: 'Serial number' },
      type: 'string',
      schema: device.deviceSerial,
      unique: true,
      width: 170,
    },
    deviceType: {
      label: { zh: '设备类型', en: 'Device type' },
      type: 'string',
      schema: device.deviceType,
      filter: 'select',
      options: DEVICE_TYPES.map((t) => ({ value: t, zh: DEVICE_TEXTS[t][0], en: DEVICE_TEXTS[t][1] })),
      width: 120,
    },
    deviceName: {
      label: { zh: '设备名称', en: 'Name' },
      type: 'string',
      schema: device.deviceName,
      width: 140,
    },
    tenantName: { label: { zh: '绑定企业', en: 'Company' }, type: 'string', width: 180 },
    appId: {
      label: { zh: '绑定应用', en: 'App' },
      type: 'number',
      schema: device.appId,
      list: false,
      export: false,
    },
    appName: { label: { zh: '绑定应用', en: 'App' }, type: 'string', width: 150 },
    clientId: {
      label: { zh: 'OAuth客户端', en: 'OAuth client' },
      type: 'string',
      schema: device.clientId,
      width: 120,
    },
    state: {
      label: { zh: '绑定状态', en: 'State' },
      type: 'string',
      filter: 'select',
      options: [
        { value: 'bound', zh: '已绑定', en: 'Bound' },
        { value: 'unbound', zh: '已解绑', en: 'Unbound' },
      ],
      width: 90,
    },
    boundAt: { label: { zh: '绑定时间', en: 'Bound at' }, type: 'datetime', sortable: true, width: 170 },
    unboundAt: { label: { zh: '解绑时间', en: 'Unbound at' }, type: 'datetime', width: 170 },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: device.remark, list: false },
  },
});
