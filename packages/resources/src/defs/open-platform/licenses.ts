import { openLicenseInput } from '@fpy/contracts';
import { type BulkVerbDef, defineResource, type FieldDef } from '../../define.ts';
import { GROUP_OPTIONS } from './options.ts';

const input = openLicenseInput.shape;

export const LICENSE_STATE_OPTIONS = [
  { value: 'active', zh: '有效', en: 'Active' },
  { value: 'expired', zh: '已过期', en: 'Expired' },
  { value: 'revoked', zh: '已撤销', en: 'Revoked' },
];

const bulk: readonly BulkVerbDef[] = [
  {
    name: 'revoke',
    label: { zh: '撤销授权', en: 'Revoke' },
    element: 'revoke',
    confirm: true,
    danger: true,
  },
  { name: 'restore', label: { zh: '恢复授权', en: 'Restore' }, element: 'restore' },
];

/** The fields both licence pages show: the operators' (every company) and the enterprise's own. */
const fields = {
  appId: {
    label: { zh: '应用', en: 'App' },
    type: 'number',
    schema: input.appId,
    // One licence per app and company (a unique index): a second is refused naming the app.
    unique: { key: 'OPEN_LICENSE_EXISTS', param: 'id' },
    filter: 'exact',
    list: false,
    export: false,
  },
  appName: { label: { zh: '应用', en: 'App' }, type: 'string', width: 180 },
  appKey: { label: { zh: 'AppKey', en: 'AppKey' }, type: 'string', width: 220 },
  developerName: { label: { zh: '服务商', en: 'Provider' }, type: 'string', width: 160 },
  tenantName: { label: { zh: '授权企业', en: 'Company' }, type: 'string', width: 180 },
  scopes: {
    label: { zh: '授权范围', en: 'Scopes' },
    type: 'list',
    schema: input.scopes,
    options: GROUP_OPTIONS,
    width: 220,
  },
  expiresAt: {
    label: { zh: '到期时间', en: 'Expires at' },
    type: 'datetime',
    schema: input.expiresAt,
    sortable: true,
    width: 170,
  },
  state: {
    label: { zh: '状态', en: 'State' },
    type: 'string',
    filter: 'select',
    options: LICENSE_STATE_OPTIONS,
    width: 90,
  },
  grantedAt: { label: { zh: '授权时间', en: 'Granted at' }, type: 'datetime', sortable: true, width: 170 },
  revokedAt: { label: { zh: '撤销时间', en: 'Revoked at' }, type: 'datetime', width: 170 },
  remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: input.remark, list: false },
} satisfies Record<string, FieldDef>;

/**
 * 企业授权 (menu enterpriseLicense; issue 32 §1): the platform's view of every enterprise licence — which company
 * authorised which ISV app, with what scopes until when; operators may authorise for a company, revoke and
 * restore. State: active | revoked, and an active licence past its expiry reads as expired.
 */
export const openLicensesMeta = defineResource({
  name: 'openLicenses',
  title: { zh: '企业授权', en: 'Enterprise licences' },
  menuCode: 'enterpriseLicense',
  tenantScoped: true,
  platformOnly: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/open-platform/licenses',
  keyword: { zh: '应用名称、AppKey 或企业名称', en: 'App, AppKey or company' },
  actions: ['list', 'get', 'create', 'update', 'export'],
  defaultSort: '-grantedAt',
  bulk,
  fields,
});

/**
 * 软件接口授权 (menu softwareInterface, /systemAuthorizeManager; issue 32 §1): the enterprise's own view — which
 * service providers' software acts for it, authorise one (scopes + expiry), revoke, restore. Its own rows only
 * (the tenant scope of the data path); the same table as enterpriseLicense.
 */
export const softwareLicensesMeta = defineResource({
  name: 'softwareLicenses',
  title: { zh: '软件接口授权', en: 'Software authorisations' },
  menuCode: 'softwareInterface',
  tenantScoped: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/open-platform/software-licenses',
  keyword: { zh: '应用名称或 AppKey', en: 'App or AppKey' },
  actions: ['list', 'get', 'create', 'update', 'export'],
  defaultSort: '-grantedAt',
  bulk,
  fields,
});
