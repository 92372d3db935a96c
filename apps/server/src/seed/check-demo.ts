import { type Db, checkRecords, tenants, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../http/context.ts';
import { taxGatewayFor } from '../modules/platform/tax-gateway/index.ts';
import { runCheck } from '../modules/purchase/checks/index.ts';
import { createExpenseClaimFor } from '../modules/purchase/reimbursements/index.ts';

const quiet = { warn() {}, info() {}, error() {}, debug() {} };

/** A console user of the company acting as itself (the seed has no request). */
async function actorCtx(db: Db, username: string): Promise<AuthedCtx | null> {
  const [u] = await db.select().from(users).where(eq(users.username, username));
  if (!u?.tenantId) return null;
  return {
    db,
    taxGatewayFor,
    log: quiet,
    ip: null,
    lang: 'zh',
    actor: { userId: u.id, name: u.name, tenantId: u.tenantId, isSuperAdmin: u.isSuperAdmin },
  } as unknown as AuthedCtx;
}

/**
 * Lane CHECK's demo (issue 31): the demo company's finance checks a few invoices of the sandbox bureau's legacy
 * archive (genuine 专票 and 普票, one abnormal, one voided, one the bureau does not know, one with a wrong amount), the
 * clerk reimburses the electronic 普票, and the administrator's second attempt is refused — so 查验记录, 发票报销 and
 * 发票预警 show real data on a fresh start. Runs once (skipped when the company has check records).
 */
export async function seedCheckDemo(db: Db, tenantCode = 'T0001') {
  const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantCode, tenantCode));
  if (!t) return;
  const done = await db
    .select({ id: checkRecords.id })
    .from(checkRecords)
    .where(and(eq(checkRecords.tenantId, t.id)))
    .limit(1);
  if (done.length) return;
  const admin = await actorCtx(db, 'demo');
  const clerk = await actorCtx(db, 'clerk');
  if (!admin || !clerk) return;
  const special = { code: '3100201130', number: '04512870', issueDate: '2026-09-14', amountFen: 100_000 };
  const ordinary = {
    code: '031002000111',
    number: '61238805',
    issueDate: '2026-10-09',
    checkCodeLast6: '940517',
  };
  await runCheck(admin, special, 'single');
  await runCheck(admin, { ...special, amountFen: 100_100 }, 'single');
  await runCheck(
    admin,
    { code: '031002100513', number: '00038921', issueDate: '2026-08-21', amountFen: 250_000 },
    'scan',
  );
  await runCheck(
    admin,
    { code: '031001900104', number: '22190467', issueDate: '2026-10-30', checkCodeLast6: '253310' },
    'scan',
  );
  await runCheck(
    admin,
    { number: '26319999999999999999', issueDate: '2026-10-20', totalFen: 5_000 },
    'single',
  );
  await createExpenseClaimFor(clerk, { title: '十月快递费', invoices: [ordinary] });
  try {
    await createExpenseClaimFor(admin, { title: '快递费（重复）', invoices: [ordinary] });
  } catch {
    // Refused with who and when, and logged for 发票预警: what the demo shows.
  }
}
