import { providedOf } from '@fpy/contracts';
import type { AuthedCtx } from '../http/context.ts';
import { AppError } from '../lib/errors.ts';
import { emitAudit, withTransaction } from '../lib/write/index.ts';
import type { ServerResource, WriteAction } from './bind.ts';
import { repository } from './repository.ts';
import { uniqueViolation } from './unique.ts';

type Row = Record<string, unknown>;

/** A saved row and the write hook's non-blocking warnings. */
export interface Saved {
  row: Row;
  warnings: string[];
}

/**
 * Runs a write in one transaction (hooks, the row, its audit row) and turns a unique violation into a 400
 * naming the field. The database decides uniqueness; its error aborts the transaction, so nothing is left.
 */
async function transactional<T>(
  ctx: AuthedCtx,
  res: ServerResource,
  values: Row,
  write: (tx: AuthedCtx) => Promise<T>,
): Promise<T> {
  try {
    return await withTransaction(ctx, (_tx, txCtx) => write(txCtx));
  } catch (err) {
    throw uniqueViolation(res, err, values) ?? err;
  }
}

/** The audit row of one write: who, from where, what (architecture "Declared once": audited like the rest). */
function audit(ctx: AuthedCtx, res: ServerResource, action: WriteAction, row: Row, changes: Row) {
  return emitAudit(ctx.db, ctx, {
    tenantId: (row.tenantId as number | null | undefined) ?? null,
    resource: res.meta.name,
    recordId: row.id as number,
    action,
    changes,
  });
}

export function createRow(ctx: AuthedCtx, res: ServerResource, values: Row): Promise<Saved> {
  return transactional(ctx, res, values, async (tx) => {
    const check = await res.hooks.beforeWrite?.(tx, values);
    const row = await repository(tx, res).insert({ ...values, ...res.hooks.derive?.(values) });
    await audit(tx, res, 'create', row, values);
    await res.hooks.afterWrite?.(tx, { action: 'create', row, values });
    return { row, warnings: check?.warnings ?? [] };
  });
}

/** An update writes only the fields the request gave (the body is a patch: absent means unchanged). */
export function updateRow(ctx: AuthedCtx, res: ServerResource, id: number, patch: Row): Promise<Saved> {
  const values = providedOf(patch);
  return transactional(ctx, res, values, async (tx) => {
    const repo = repository(tx, res);
    // Reading first both hides other tenants' rows (404) and gives hooks the row being changed, held until
    // commit so a concurrent save cannot slip between the check and the write.
    const existing = await repo.get(id, { lock: true });
    const check = await res.hooks.beforeWrite?.(tx, values, existing);
    const row = await repo.update(id, { ...values, ...res.hooks.derive?.(values, existing) });
    if (Object.keys(values).length) await audit(tx, res, 'update', row, values);
    await res.hooks.afterWrite?.(tx, { action: 'update', row, values });
    return { row, warnings: check?.warnings ?? [] };
  });
}

export function deleteRow(ctx: AuthedCtx, res: ServerResource, id: number) {
  return transactional(ctx, res, {}, async (tx) => {
    const repo = repository(tx, res);
    const row = await repo.get(id, { lock: true });
    await res.hooks.beforeDelete?.(tx, row);
    await repo.remove(id);
    await audit(tx, res, 'delete', row, row);
    await res.hooks.afterWrite?.(tx, { action: 'delete', row, values: {} });
    return { ok: true as const };
  });
}

/**
 * Deletes the caller's rows among `ids` in one transaction, each checked by beforeDelete and audited: a
 * refusal of one keeps them all. Ids the caller cannot see (another company's) are skipped, not named.
 */
export function deleteRows(ctx: AuthedCtx, res: ServerResource, ids: number[]) {
  return transactional(ctx, res, {}, async (tx) => {
    const repo = repository(tx, res);
    let deleted = 0;
    for (const id of new Set(ids)) {
      const row = await repo.get(id, { lock: true }).catch((err) => {
        if (err instanceof AppError && err.httpStatus === 404) return null;
        throw err;
      });
      if (!row) continue;
      await res.hooks.beforeDelete?.(tx, row);
      await repo.remove(id);
      await audit(tx, res, 'delete', row, row);
      await res.hooks.afterWrite?.(tx, { action: 'delete', row, values: {} });
      deleted++;
    }
    return { deleted };
  });
}

/** The reply of a create or update: the bare row, or `{ [savedKey]: row, warnings }` (ResourceMeta.savedKey). */
export const savedAnswer = (res: ServerResource, s: Saved) =>
  res.meta.savedKey ? { [res.meta.savedKey]: s.row, warnings: s.warnings } : s.row;
