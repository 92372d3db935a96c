import { agentCodes, type Db, tenants, users } from '@fpy/db';
import { asc } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';
import { newAgentCode } from './code.ts';

export const DEMO_AGENT_NAME = '园区服务大厅开票入口';

/**
 * A demo agent code on a fresh start (run once: skipped when it exists), serving every demo company; with the
 * boards of seedBoardDemo the page /allEleAgentTenant?c=<code> lists the demo company and its boards. Written
 * as the platform administrator, audited.
 */
export async function seedAgentDemo(db: Db, adminUsername: string) {
  const [has] = await db.select({ id: agentCodes.id }).from(agentCodes).limit(1);
  if (has) return;
  const [admin] = await db.select().from(users).where(eq(users.username, adminUsername));
  if (!admin) return;
  const all = await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
  const ctx = { db, actor: { userId: admin.id, name: admin.name }, ip: null } as unknown as AuthedCtx;
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(agentCodes)
      .values({ code: newAgentCode(), name: DEMO_AGENT_NAME, tenantIds: all.map((t) => t.id).join(',') })
      .returning();
    await emitAudit(tx, ctx, {
      tenantId: null,
      resource: 'agentCodes',
      recordId: row.id,
      action: 'create',
      changes: { name: row.name, tenantIds: row.tenantIds },
    });
  });
}
