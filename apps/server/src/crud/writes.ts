import { providedOf } from '@fpy/contracts';
import type { AuthedCtx } from '../http/context.ts';
import type { ServerResource } from './bind.ts';
import { repository } from './repository.ts';
import { uniqueViolation } from './unique.ts';

type Row = Record<string, unknown>;

/** Runs a write and turns a unique violation into a 400 naming the field. */
export async function guardedWrite<T>(res: ServerResource, values: Row, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw uniqueViolation(res, err, values) ?? err;
  }
}

export async function createRow(ctx: AuthedCtx, res: ServerResource, values: Row) {
  await res.hooks.beforeWrite?.(ctx, values);
  return guardedWrite(res, values, () => repository(ctx, res).insert(values));
}

/** An update writes only the fields the request gave (the body is a patch: absent means unchanged). */
export async function updateRow(ctx: AuthedCtx, res: ServerResource, id: number, patch: Row) {
  const repo = repository(ctx, res);
  const values = providedOf(patch);
  // Reading first both hides other tenants' rows (404) and gives hooks the row being changed.
  const existing = await repo.get(id);
  await res.hooks.beforeWrite?.(ctx, values, existing);
  return guardedWrite(res, values, () => repo.update(id, values));
}

export async function deleteRow(ctx: AuthedCtx, res: ServerResource, id: number) {
  const repo = repository(ctx, res);
  const row = await repo.get(id);
  await res.hooks.beforeDelete?.(ctx, row);
  await repo.remove(id);
  return { ok: true as const };
}
