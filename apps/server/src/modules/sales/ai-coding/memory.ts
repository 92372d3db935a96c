import type { Db } from '@fpy/db';
import { tenantCodingMemory } from '@fpy/db';
import { sql } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { Catalog } from '../tax-codes/index.ts';
import { catalogFor } from '../tax-codes/index.ts';
import type { MemoryHint } from './coder.ts';
import { nameKey } from './normalize.ts';

/** The caller's tenant memory (platform accounts have none: they code against the table alone). */
export async function memoryOf(ctx: AuthedCtx): Promise<MemoryHint[]> {
  if (ctx.actor.tenantId === null) return [];
  const s = scoped(ctx, tenantCodingMemory);
  return ctx.db
    .select({
      nameKey: tenantCodingMemory.nameKey,
      name: tenantCodingMemory.name,
      code: tenantCodingMemory.code,
    })
    .from(tenantCodingMemory)
    .where(s.where());
}

/**
 * Remembers that this tenant codes `name` as `code` (a confirmation or a correction). Only usable codes
 * are accepted: a summary or retired code would be refused on the invoice later anyway.
 */
export async function confirmCoding(
  ctx: AuthedCtx,
  name: string,
  code: string,
  // Inside a transaction pass both: on PGlite (one connection) a query outside the open transaction waits forever.
  db: Db = ctx.db,
  catalog?: Catalog,
) {
  catalog ??= await catalogFor(ctx.db);
  const entry = catalog.get(code);
  if (!entry) throw badRequest('TAX_CODE_UNKNOWN.field', { code });
  if (!entry.usable)
    throw badRequest(entry.enabled ? 'TAX_CODE_NOT_USABLE' : 'TAX_CODE_NOT_USABLE.retired', {
      code,
      name: entry.name,
    });
  const key = nameKey(name);
  if (!key) throw badRequest('VALIDATION_FAILED.name_empty');
  const tenantId = scoped(ctx, tenantCodingMemory, db).tenantFor(null);
  const [row] = await db
    .insert(tenantCodingMemory)
    .values({ tenantId, name: name.slice(0, 200), nameKey: key, code, confirmedBy: ctx.actor.userId })
    .onConflictDoUpdate({
      target: [tenantCodingMemory.tenantId, tenantCodingMemory.nameKey],
      set: {
        name: name.slice(0, 200),
        code,
        confirmedBy: ctx.actor.userId,
        confirmations: sql`${tenantCodingMemory.confirmations} + 1`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return { name: row.name, code: row.code, confirmations: row.confirmations };
}
