import type { ScanInvoiceSettings, ScanTitleSettings } from '@fpy/contracts';
import { type Db, titleScanSettings } from '@fpy/db';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';

export type SettingsPart = { scanTitle: ScanTitleSettings } | { scanInvoice: ScanInvoiceSettings };

/**
 * Saves one of the two records (扫码抬头 or 扫码开票) of `tenantId`, leaving the other as it is, and records who changed
 * it from where (resource 'titleScanSettings', record = the company) in the same transaction. The console's two
 * pages and the demo seed call it; the input is already validated by its contract.
 */
export async function saveTitleSettings(
  ctx: { db: Db; actor: { userId: number; name: string } | null; ip: string | null },
  tenantId: number,
  part: SettingsPart,
): Promise<Date> {
  const now = new Date();
  await withTransaction(ctx, async (tx: Db) => {
    await tx
      .insert(titleScanSettings)
      .values({ tenantId, ...part, updatedBy: ctx.actor?.userId ?? null, updatedAt: now })
      .onConflictDoUpdate({
        target: titleScanSettings.tenantId,
        set: { ...part, updatedBy: ctx.actor?.userId ?? null, updatedAt: now },
      });
    await emitAudit(tx, ctx, {
      tenantId,
      resource: 'titleScanSettings',
      recordId: tenantId,
      action: 'update',
      changes: part,
    });
  });
  return now;
}
