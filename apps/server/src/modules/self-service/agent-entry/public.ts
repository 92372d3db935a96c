import { AGENT_CODE_RE, type PublicAgent } from '@fpy/contracts';
import { agentCodes, codeBoards, tenants } from '@fpy/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { notFound, tooManyRequests } from '../../../lib/errors.ts';
import { controlsOf } from '../code-boards/index.ts';
import { scanInvoiceOpen } from '../titles/index.ts';

/**
 * Guessing codes: every answer that is not a working agent code costs the caller's IP a point; past the budget
 * every agent call from that IP is refused until the window ends (on Redis, shared by every instance).
 */
export const MISS_BUDGET = 20;
export const MISS_WINDOW_SECONDS = 600;
/** Per agent code, whatever the IP: reads a minute (a busy service hall). */
export const READS_PER_CODE = 600;
export const CODE_WINDOW_SECONDS = 60;

export const tenantIdsOf = (row: Pick<typeof agentCodes.$inferSelect, 'tenantIds'>) =>
  [...new Set(row.tenantIds.split(',').filter(Boolean).map(Number))].filter(
    (n) => Number.isInteger(n) && n > 0,
  );

/**
 * The agent code as the buyer sees it. Unknown, malformed and disabled codes answer 404 AGENT_CODE_UNAVAILABLE
 * after the same steps. Of the companies it serves, only those active, with boards switched on (码牌管控), with
 * 扫码开票 open and with at least one enabled board are listed: their name and those boards, nothing else.
 */
export async function publicAgent(ctx: Ctx, code: string): Promise<PublicAgent> {
  const misses = ctx.limiter('agent-miss', MISS_BUDGET, MISS_WINDOW_SECONDS);
  if ((await misses.blockedMs(ctx.ip)) > 0) throw tooManyRequests();
  const key = AGENT_CODE_RE.test(code) ? code : '';
  const [agent] = await ctx.db.select().from(agentCodes).where(eq(agentCodes.code, key)).limit(1);
  if (!agent?.enabled) {
    if (!(await misses.consume(ctx.ip)).ok) throw tooManyRequests();
    throw notFound('AGENT_CODE_UNAVAILABLE');
  }
  if (!(await ctx.limiter('agent-read', READS_PER_CODE, CODE_WINDOW_SECONDS).consume(agent.code)).ok)
    throw tooManyRequests();
  const ids = tenantIdsOf(agent);
  const companies = ids.length
    ? await ctx.db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(and(inArray(tenants.id, ids), eq(tenants.status, 1)))
        .orderBy(asc(tenants.id))
    : [];
  const out: PublicAgent['tenants'] = [];
  for (const t of companies) {
    if (!(await controlsOf(ctx.db, t.id)).enabled || !(await scanInvoiceOpen(ctx.db, t.id))) continue;
    const boards = await ctx.db
      .select({ name: codeBoards.name, invoiceKind: codeBoards.invoiceKind, code: codeBoards.code })
      .from(codeBoards)
      .where(and(eq(codeBoards.tenantId, t.id), eq(codeBoards.enabled, true)))
      .orderBy(asc(codeBoards.id));
    if (!boards.length) continue;
    out.push({
      name: t.name,
      boards: boards.map((b) => ({ ...b, invoiceKind: b.invoiceKind === 'normal' ? 'normal' : 'allEle' })),
    });
  }
  return { name: agent.name, tenants: out };
}
