import { agentCodeInput } from '@fpy/contracts';
import { type BulkVerbDef, defineResource } from '../../define.ts';

const input = agentCodeInput.shape;

const bulk: readonly BulkVerbDef[] = [
  { name: 'enable', label: { zh: '启用', en: 'Enable' }, element: 'enable', set: { enabled: true } },
  {
    name: 'disable',
    label: { zh: '停用', en: 'Disable' },
    element: 'disable',
    set: { enabled: false },
    confirm: true,
    danger: true,
  },
];

/**
 * 代理商入口管理 (platform console, menu agentCodeManage; issue 30 §2.3): the agent codes behind
 * /allEleAgentTenant. A code lists the companies it serves; the buyer scanning it picks one and goes to that
 * company's board. The code itself is made by the server (random, 20 base62) and never changes; a code put up in
 * a hall is switched off by disabling it (the buyer then sees the one "not available" page). Platform only.
 */
export const agentCodesMeta = defineResource({
  name: 'agentCodes',
  title: { zh: '代理商入口管理', en: 'Agent entry codes' },
  menuCode: 'agentCodeManage',
  tenantScoped: false,
  platformOnly: true,
  tag: 'self-service-agents',
  basePath: '/api/admin/self-service/agent-codes',
  keyword: { zh: '代理商名称或编码', en: 'Agent name or code' },
  actions: ['list', 'get', 'create', 'update', 'export'],
  defaultSort: '-createdAt',
  bulk,
  fields: {
    name: {
      label: { zh: '代理商名称', en: 'Agent name' },
      type: 'string',
      schema: input.name,
      filter: 'text',
      sortable: true,
      unique: true,
      width: 200,
    },
    /** Drawn with the QR code and link button on the console page. */
    code: { label: { zh: '入口编码', en: 'Entry code' }, type: 'string', width: 280 },
    tenantIds: {
      label: { zh: '服务的企业', en: 'Companies served' },
      type: 'string',
      schema: input.tenantIds,
      list: false,
      export: false,
    },
    tenantNames: { label: { zh: '服务的企业', en: 'Companies served' }, type: 'string', width: 260 },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      type: 'boolean',
      // A new code is on unless the form says otherwise.
      schema: input.enabled.default(true),
      filter: 'boolean',
      width: 70,
    },
    createdAt: {
      label: { zh: '创建时间', en: 'Created at' },
      type: 'datetime',
      sortable: true,
      width: 170,
    },
  },
});
