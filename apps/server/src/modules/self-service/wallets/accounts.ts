import type { WalletPlatform } from '@fpy/contracts';
import { type Db, walletAccounts } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { accountVersion, type GatewayAccount } from '../../../gateways/kit/index.ts';

export type WalletAccountRow = typeof walletAccounts.$inferSelect;
/** A wallet account as the kit uses it: kind = the platform. */
export type WalletAccount = GatewayAccount<WalletPlatform>;

export const toGatewayAccount = (row: WalletAccountRow): WalletAccount => ({
  id: row.id,
  tenantId: row.tenantId,
  kind: row.platform as WalletPlatform,
  name: row.name,
  priority: row.priority,
  weight: row.weight,
  config: row.config ?? {},
  version: accountVersion(row.platform, row.config, row.updatedAt),
});

/** The tenant's enabled accounts of a platform (the kit orders them). */
export async function enabledAccounts(db: Db, tenantId: number, platform: WalletPlatform) {
  const rows = await db
    .select()
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.tenantId, tenantId),
        eq(walletAccounts.platform, platform),
        eq(walletAccounts.enabled, true),
      ),
    );
  return rows.map(toGatewayAccount);
}

/** Whether the tenant configured any account of the platform (all switched off = nothing is sent). */
export async function anyAccount(db: Db, tenantId: number, platform: WalletPlatform) {
  const [row] = await db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.tenantId, tenantId), eq(walletAccounts.platform, platform)))
    .limit(1);
  return !!row;
}

/** Whether the tenant has an enabled account of either platform: its buyers' delivery pages offer 存入卡包. */
export async function anyEnabledAccount(db: Db, tenantId: number) {
  const [row] = await db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.tenantId, tenantId), eq(walletAccounts.enabled, true)))
    .limit(1);
  return !!row;
}

export async function accountById(db: Db, platform: WalletPlatform, id: number) {
  const [row] = await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.id, id), eq(walletAccounts.platform, platform)));
  return row ?? null;
}
