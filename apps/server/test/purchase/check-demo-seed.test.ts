import { checkRecords, expenseClaims, purchaseWarnings, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedCheckDemo } from '../../src/seed/check-demo.ts';
import { useTestApp } from '../harness.ts';

const app = useTestApp();

/** Lane CHECK's demo seed (issue 31): checks, one claim and a refused second one on a fresh start; once only. */
it('gives 查验记录, 发票报销 and 发票预警 real data, once', async () => {
  const db = app().services.db;
  const [demo] = await db.select().from(tenants).where(eq(tenants.tenantCode, 'T0001'));
  await seedCheckDemo(db);
  await seedCheckDemo(db);
  const checks = await db.select().from(checkRecords).where(eq(checkRecords.tenantId, demo.id));
  expect(checks.map((c) => c.result).sort()).toEqual(
    ['match', 'match', 'match', 'match', 'mismatch', 'not_found'].sort(),
  );
  const claims = await db.select().from(expenseClaims).where(eq(expenseClaims.tenantId, demo.id));
  expect(claims).toHaveLength(1);
  expect(claims[0]).toMatchObject({ claimantName: '开票员小李', totalFen: 10_600 });
  const warned = await db.select().from(purchaseWarnings).where(eq(purchaseWarnings.tenantId, demo.id));
  expect(warned.map((w) => w.kind)).toContain('duplicate_reimbursement');
});
