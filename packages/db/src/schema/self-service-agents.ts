import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/**
 * 代理商入口 (issue 30 §2.3, /allEleAgentTenant): a platform-level code an agent (代理商/服务商) or a
 * multi-company operator puts up in a mall or a service hall; the buyer scans it and picks one of the companies
 * it serves, then that company's code board. Written by modules/self-service/agent-entry only.
 * - code: random, unguessable (≈ 119 bits, base62 × 20), the only thing the QR carries; unique.
 * - tenantIds: the companies it serves, comma-separated tenant ids ("1,2"); only those whose 扫码开票 is open
 *   and that have a working board are ever shown.
 */
export const agentCodes = pgTable(
  'agent_codes',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    tenantIds: text('tenant_ids').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agent_codes_code_uq').on(t.code), uniqueIndex('agent_codes_name_uq').on(t.name)],
);
