import { z } from 'zod';
import { idSchema, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { AGENT_API } from './agent-api.ts';
import { CODE_BOARD_INVOICE_KINDS } from './code-boards.ts';

export * from './agent-api.ts';

/**
 * 代理商入口 (issue 30 §2.3, /allEleAgentTenant): the buyer's one public call. The agent code in the path is the
 * only credential; limited per IP and per code. An unknown, disabled or malformed code answers 404
 * AGENT_CODE_UNAVAILABLE, the same for all. Only the served companies whose 扫码开票 is open and that have a
 * working board are listed, each with its name and its boards (name, kind, code) — nothing else of them.
 */
const TAG = 'self-service-agents';

/** Any short text: a code of the wrong shape is simply unavailable (the same 404), not a validation error. */
const code = z.string().max(64, '代理商编码不能超过64个字符');

export const publicAgentReply = z.object({
  name: z.string(),
  tenants: z.array(
    z.object({
      name: z.string(),
      boards: z.array(
        z.object({ name: z.string(), invoiceKind: z.enum(CODE_BOARD_INVOICE_KINDS), code: z.string() }),
      ),
    }),
  ),
});
export type PublicAgent = z.infer<typeof publicAgentReply>;

export const getPublicAgent = defineRoute({
  ...AGENT_API.agent,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary:
    '购买方扫代理商码：代理商名称及其服务的、扫码开票开启且有可用码牌的企业与码牌。未知或停用的编码一律 404',
  params: z.object({ code }),
  reply: publicAgentReply,
});

// ---------------------------------------------------------------------------------------------------------
// The platform console's page 代理商入口管理 (menu agentCodeManage): the codes themselves are a declared resource
// (packages/resources defs/self-service/agent-codes.ts) whose field schemas are these; the company picker below
// lets the form name served companies without the tenant-management grant.

/** At most this many companies per agent code. */
export const MAX_AGENT_TENANTS = 200;

/** The served companies' ids, comma-separated ("3,7"): at least one, each an int4 id, no repeats (sorted). */
export const agentTenantIds = z
  .string({ error: '请选择代理商服务的企业' })
  .trim()
  .regex(/^\d{1,10}(,\d{1,10})*$/, '请选择代理商服务的企业')
  .refine((s) => s.split(',').length <= MAX_AGENT_TENANTS, `最多选择${MAX_AGENT_TENANTS}家企业`)
  .refine((s) => s.split(',').every((v) => idSchema.safeParse(v).success), '企业ID无效')
  .transform((s) => [...new Set(s.split(',').map(Number))].sort((a, b) => a - b).join(','));

export const agentCodeInput = z.object({
  name: text(60, '代理商名称').min(1, '请填写代理商名称'),
  tenantIds: agentTenantIds,
  enabled: z.boolean({ error: '启用状态须为是或否' }),
});

export const agentTenantOption = z.object({ id: z.number().int(), name: z.string() });

export const listAgentTenantOptions = defineRoute({
  method: 'GET',
  path: '/api/admin/self-service/agent-codes/tenant-options',
  permission: ['agentCodeManage:btn_add', 'agentCodeManage:btn_edit'],
  platformOnly: true,
  tag: TAG,
  summary: '代理商入口管理：选择服务的企业（名称包含关键字，最多50个，仅启用的企业）',
  query: z.object({ keyword: text(100, '关键字').optional() }),
  reply: z.array(agentTenantOption),
});
