import { type Db, tenantParameters } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';

/**
 * One tenant_parameters row per company and key, read and written as a whole. The company is always the
 * caller's own: these routes take no tenant id, so one company can never name another's settings.
 */
export function ownCompany(ctx: AuthedCtx): number {
  if (ctx.actor.tenantId === null) throw badRequest('TENANT_REQUIRED.plat_settings');
  return ctx.actor.tenantId;
}

export interface Stored<T> {
  value: T;
  updatedAt: Date | null;
}

async function storedRow(db: Db, tenantId: number, key: string) {
  const [row] = await db
    .select({ value: tenantParameters.value, updatedAt: tenantParameters.updatedAt })
    .from(tenantParameters)
    .where(and(eq(tenantParameters.tenantId, tenantId), eq(tenantParameters.key, key)))
    .limit(1);
  return row
    ? { value: row.value && typeof row.value === 'object' ? row.value : {}, updatedAt: row.updatedAt }
    : null;
}

/**
 * The stored value of `key`, laid over `fallback` so a value saved before a field was added still reads; a
 * stored value the schema no longer accepts (hand-edited, older rules) reads as the fallback rather than
 * breaking the page or the dispatcher.
 */
export async function readParameter<T extends object>(
  db: Db,
  tenantId: number,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
): Promise<Stored<T>> {
  const row = await storedRow(db, tenantId, key);
  if (!row) return { value: fallback, updatedAt: null };
  const parsed = schema.safeParse({ ...fallback, ...row.value });
  return parsed.success
    ? { value: parsed.data, updatedAt: row.updatedAt }
    : { value: fallback, updatedAt: null };
}

/** A setting without a default (the SMS signature): null until saved, or when what is stored no longer passes. */
export async function readOptionalParameter<T extends object>(
  db: Db,
  tenantId: number,
  key: string,
  schema: z.ZodType<T>,
): Promise<Stored<T> | null> {
  const row = await storedRow(db, tenantId, key);
  const parsed = row ? schema.safeParse(row.value) : null;
  return row && parsed?.success ? { value: parsed.data, updatedAt: row.updatedAt } : null;
}

/**
 * Saves `value` under `key` for the caller's company and records who changed it from where (resource_changes,
 * resource 'tenantParameters', record = the company), both in one transaction.
 */
export async function writeParameter<T extends object>(
  ctx: AuthedCtx,
  key: string,
  value: T,
): Promise<Stored<T>> {
  const tenantId = ownCompany(ctx);
  const now = new Date();
  await withTransaction(ctx, async (tx) => {
    await tx
      .insert(tenantParameters)
      .values({ tenantId, key, value, updatedAt: now })
      .onConflictDoUpdate({
        target: [tenantParameters.tenantId, tenantParameters.key],
        set: { value, updatedAt: now },
      });
    await emitAudit(tx, ctx, {
      tenantId,
      resource: 'tenantParameters',
      recordId: tenantId,
      action: 'update',
      changes: { key, value },
    });
  });
  return { value, updatedAt: now };
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
