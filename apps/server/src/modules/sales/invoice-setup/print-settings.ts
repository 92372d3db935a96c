import {
  type BodyOf,
  type PrintSettingRow,
  type printSettingInput,
  providedOf,
  type updatePrintSetting,
} from '@fpy/contracts';
import { type Db, printSettings } from '@fpy/db';
import type { InvoiceType } from '@fpy/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { badRequest } from '../../../lib/errors.ts';
import { LockClass, lockTenant } from './tenant-lock.ts';
import { withTransaction } from '../../../lib/write/index.ts';

type Values = z.output<typeof printSettingInput>;
type Setting = typeof printSettings.$inferSelect;

export const printSettingRowOf = (r: Setting): PrintSettingRow => ({
  id: r.id,
  tenantId: r.tenantId,
  printerName: r.printerName,
  invoiceType: (r.invoiceType as InvoiceType | null) ?? null,
  offsetX: r.offsetX,
  offsetY: r.offsetY,
  isDefault: r.isDefault === 1,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const stored = (v: Values) => ({
  printerName: v.printerName,
  invoiceType: v.invoiceType,
  offsetX: v.offsetX,
  offsetY: v.offsetY,
  isDefault: v.isDefault ? 1 : 0,
  updatedAt: new Date(),
});

/** One default per invoice type (null = every type); the new default clears the old one under the tenant's lock. */
async function switchDefault(db: Db, tenantId: number, v: Values, selfId?: number) {
  if (!v.isDefault) return;
  await lockTenant(db, LockClass.printDefault, tenantId);
  await db
    .update(printSettings)
    .set({ isDefault: 0, updatedAt: new Date() })
    .where(
      and(
        eq(printSettings.tenantId, tenantId),
        v.invoiceType === null
          ? isNull(printSettings.invoiceType)
          : eq(printSettings.invoiceType, v.invoiceType),
        eq(printSettings.isDefault, 1),
        selfId ? ne(printSettings.id, selfId) : undefined,
      ),
    );
}

async function guarded<T>(v: Pick<Values, 'printerName'>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'print_settings_tenant_printer_uq'))
      throw badRequest('PRINTER_DUPLICATE', { name: v.printerName });
    throw err;
  }
}

export async function createPrintSettingVerb(ctx: AuthedCtx, v: Values) {
  const tenantId = scoped(ctx, printSettings).tenantFor(null);
  const row = await guarded(v, () =>
    withTransaction(ctx, async (tx) => {
      await switchDefault(tx, tenantId, v);
      return scoped(ctx, printSettings, tx).insert({ ...stored(v), tenantId });
    }),
  );
  return printSettingRowOf(row);
}

/** Only the fields given change: the stored setting with them laid over it is saved. */
export async function updatePrintSettingVerb(
  ctx: AuthedCtx,
  id: number,
  patch: BodyOf<typeof updatePrintSetting>,
) {
  const given = providedOf(patch);
  const row = await guarded({ printerName: given.printerName ?? '' }, () =>
    withTransaction(ctx, async (tx) => {
      const s = scoped(ctx, printSettings, tx);
      const existing = await s.get(id);
      const v: Values = {
        printerName: existing.printerName,
        invoiceType: (existing.invoiceType as InvoiceType | null) ?? null,
        offsetX: existing.offsetX,
        offsetY: existing.offsetY,
        isDefault: existing.isDefault === 1,
        ...given,
      };
      await switchDefault(tx, existing.tenantId, v, id);
      return s.update(id, stored(v));
    }),
  );
  return printSettingRowOf(row);
}
