import { type Db, smsBalances, systemSettings, tenants } from '@fpy/db';
import { eq, inArray } from 'drizzle-orm';

/** The demo companies of seed/demo-data.ts, by credit code. */
const DEMO_CREDIT_CODES = ['91310115MA1K4GDM05', '91440300MA5FPX7Q2H', '91110108MA01R2YK6D'];
/** A demo company starts with this many messages, so `npm start` sends SMS out of the box. */
export const DEMO_SMS_BALANCE = 1000;
const MARKER = 'seed.delivery.sms';

/**
 * SMS balances of the demo companies, once (a marker, so a balance an admin later changes or a row deleted stays
 * as they left it). Every other company has no balance row until a platform admin records a recharge: no row
 * means a balance of 0, and its SMS fail with SMS_QUOTA_EXHAUSTED. Only on a database the demo seed filled.
 */
export async function seedSmsBalances(db: Db): Promise<void> {
  const [demo] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'seed.demo'));
  if (!demo) return;
  const [done] = await db.select().from(systemSettings).where(eq(systemSettings.key, MARKER));
  if (done) return;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const demoTenants = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(inArray(tenants.creditCode, DEMO_CREDIT_CODES));
    if (demoTenants.length)
      await tx
        .insert(smsBalances)
        .values(demoTenants.map((t) => ({ tenantId: t.id, balance: DEMO_SMS_BALANCE })))
        .onConflictDoNothing();
    await tx
      .insert(systemSettings)
      .values({ key: MARKER, value: { at: new Date().toISOString() } })
      .onConflictDoNothing();
  });
}
