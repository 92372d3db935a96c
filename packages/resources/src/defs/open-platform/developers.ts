import { openDeveloperInput, openState } from '@fpy/contracts';
import { defineResource } from '../../define.ts';
import { createdAtField, STATE_OPTIONS, stateBulk } from './options.ts';

const input = openDeveloperInput.shape;

/**
 * 开发者 (open platform console, menu developerRightsManager; issue 32 §1): the accounts apps belong to — an
 * enterprise's own developer (bound to its company: its apps act only for it) or a service provider (ISV, no
 * company: its apps act for the enterprises that licensed them). Platform only.
 */
export const openDevelopersMeta = defineResource({
  name: 'openDevelopers',
  title: { zh: '开发者', en: 'Developers' },
  menuCode: 'developerRightsManager',
  tenantScoped: false,
  platformOnly: true,
  tag: 'open-platform-console',
  basePath: '/api/admin/open-platform/developers',
  keyword: { zh: '开发者名称、联系人或手机号', en: 'Name, contact or phone' },
  actions: ['list', 'get', 'create', 'update', 'export'],
  defaultSort: '-createdAt',
  bulk: stateBulk,
  fields: {
    name: {
      label: { zh: '开发者名称', en: 'Developer' },
      type: 'string',
      schema: input.name,
      sortable: true,
      width: 200,
    },
    kind: {
      label: { zh: '类型', en: 'Kind' },
      type: 'string',
      schema: input.kind,
      filter: 'select',
      options: [
        { value: 'enterprise', zh: '企业自建', en: 'Enterprise' },
        { value: 'isv', zh: '服务商(ISV)', en: 'ISV' },
      ],
      width: 110,
    },
    tenantId: {
      label: { zh: '所属企业', en: 'Company' },
      type: 'number',
      schema: input.tenantId,
      list: false,
      export: false,
    },
    tenantName: { label: { zh: '所属企业', en: 'Company' }, type: 'string', width: 200 },
    contact: { label: { zh: '联系人', en: 'Contact' }, type: 'string', schema: input.contact, width: 100 },
    phone: { label: { zh: '联系电话', en: 'Phone' }, type: 'string', schema: input.phone, width: 130 },
    email: { label: { zh: '邮箱', en: 'E-mail' }, type: 'string', schema: input.email, width: 180 },
    appCount: { label: { zh: '应用数', en: 'Apps' }, type: 'number', width: 80 },
    state: {
      label: { zh: '状态', en: 'State' },
      type: 'string',
      schema: openState.default('enabled'),
      filter: 'select',
      options: STATE_OPTIONS,
      width: 80,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: input.remark, list: false },
    createdAt: createdAtField,
  },
});
