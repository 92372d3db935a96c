import { z } from 'zod';
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
