import { type Db, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { sandboxGatewayAt, taxGatewayFor } from '../modules/platform/tax-gateway/index.ts';
import { syncAllTenants } from '../modules/purchase/received-invoices/index.ts';

/**
 * The purchase side's demo (issue 31, lane CORE): outside suppliers issue a stream of purchase invoices to the demo
 * company in the sandbox bureau over the last five months (专票 and 普票, 13/9/6/3/1 %, some red-lettered or marked
 * abnormal later), then every company's 归集 runs once, so 发票查询 shows real data on a fresh start — including the
 * demo invoices one tenant issued to another's tax number. Deterministic; runs once per buyer.
 */
export async function seedPurchaseDemo(db: Db, tenantCode = 'T0001') {
  const [demo] = await db
    .select({ name: tenants.name, creditCode: tenants.creditCode })
    .from(tenants)
    .where(eq(tenants.tenantCode, tenantCode));
  if (!demo) return;
  const now = Date.now();
  await sandboxGatewayAt(db, () => new Date(now)).seedSupplierStream({
    name: demo.name,
    taxNumber: demo.creditCode,
  });
  // A first collection as the bureau stood three weeks ago, then today's: the changes since (red-lettered, abnormal)
  // show as history on the invoices, as a company syncing all along would have seen them.
  await syncAllTenants(db, (d) => sandboxGatewayAt(d, () => new Date(now - 21 * 86_400_000)));
  await syncAllTenants(db, taxGatewayFor);
}
