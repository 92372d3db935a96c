import type { Db } from '@fpy/db';
import { departments, positions, users } from '@fpy/db';
import { eq } from 'drizzle-orm';

/**
 * The demo company's organisation, so the user, department and position pages have something to show:
 * three departments, three positions, and the clerk placed in 财务部 as 开票员.
 */
export async function seedOrgDemo(db: Db, tenantId: number, clerkId: number) {
  const deps = await db
    .insert(departments)
    .values([
      { tenantId, name: '财务部', code: 'FIN', sortOrder: 10 },
      { tenantId, name: '销售部', code: 'SALES', sortOrder: 20 },
      { tenantId, name: '技术部', code: 'TECH', sortOrder: 30 },
    ])
    .returning({ id: departments.id, code: departments.code });
  const pos = await db
    .insert(positions)
    .values([
      {
        tenantId,
        name: '财务经理',
        code: 'FIN_MANAGER',
        description: '负责发票审核与财务管理',
        sortOrder: 10,
      },
      { tenantId, name: '开票员', code: 'DRAWER', description: '负责开具发票', sortOrder: 20 },
      { tenantId, name: '销售代表', code: 'SALES_REP', description: '提交预开票申请', sortOrder: 30 },
    ])
    .returning({ id: positions.id, code: positions.code });
  const finance = deps.find((d) => d.code === 'FIN')!.id;
  const drawer = pos.find((p) => p.code === 'DRAWER')!.id;
  await db.update(users).set({ departmentId: finance, positionId: drawer }).where(eq(users.id, clerkId));
}
