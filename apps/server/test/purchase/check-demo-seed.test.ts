import {
  checkRecords,
  expenseClaims,
  purchaseWarnings,
  receivedCodeRules,
  receivedInvoices,
  receivedLineCodings,
  tenants,
} from '@fpy/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedCheckDemo } from '../../src/seed/check-demo.ts';
import { seedCodeRulesDemo } from '../../src/seed/code-rules-demo.ts';
import { seedPurchaseDemo } from '../../src/seed/purchase-demo.ts';
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

/** The 入账编码 demo (/receiptsInvoice/codeUpdate): rules for the sandbox suppliers' goods, applied once. */
it('gives 商品编码更新 rules and codes the demo company’s received lines, once', async () => {
  const db = app().services.db;
  const [demo] = await db.select().from(tenants).where(eq(tenants.tenantCode, 'T0001'));
  await seedPurchaseDemo(db);
  await seedCodeRulesDemo(db);
  await seedCodeRulesDemo(db);
  const rules = await db.select().from(receivedCodeRules).where(eq(receivedCodeRules.tenantId, demo.id));
  expect(rules.length).toBeGreaterThanOrEqual(10);
  const coded = await db.select().from(receivedLineCodings).where(eq(receivedLineCodings.tenantId, demo.id));
  const lines = await db
    .select({ lines: receivedInvoices.lines })
    .from(receivedInvoices)
    .where(eq(receivedInvoices.tenantId, demo.id));
  // Every supplier line of the sandbox stream names goods a rule covers.
  const supplierLines = lines
    .flatMap((r) => r.lines as { name: string }[])
    .filter((l) => !l.name.startsWith('*'));
  expect(supplierLines.length).toBeGreaterThan(0);
  expect(coded.length).toBeGreaterThanOrEqual(supplierLines.length);
  expect(coded.some((c) => c.subjectCode === '660202' && c.subjectName === '管理费用-办公费')).toBe(true);
});
