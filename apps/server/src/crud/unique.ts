import { getTableColumns } from 'drizzle-orm';
import { pgError } from '../lib/db-errors.ts';
import { local } from '@fpy/contracts';
import { ErrorStatus } from '@fpy/domain';
import { AppError, badRequest } from '../lib/errors.ts';
import type { ServerResource } from './bind.ts';

/**
 * A unique violation (23505) becomes a 400 naming the field, e.g. 岗位编码“P01”已存在. The database decides,
 * not a prior SELECT, so two concurrent saves cannot both pass. The field is read from the error's
 * `Key (tenant_id, code)=` detail, else the declared unique field.
 */
export function uniqueViolation(res: ServerResource, err: unknown, values: Record<string, unknown>) {
  const e = pgError(err);
  if (e?.code !== '23505') return undefined;
  const byColumn = new Map(Object.entries(getTableColumns(res.table)).map(([k, c]) => [c.name, k]));
  const keyCols =
    /Key \(([^)]+)\)=/
      .exec(e.detail ?? '')?.[1]
      .split(',')
      .map((s) => s.trim().replace(/"/g, '')) ?? [];
  const declared = Object.entries(res.meta.fields)
    .filter(([, f]) => f.unique)
    .map(([k]) => k);
  const fromDetail = keyCols
    .map((c) => byColumn.get(c))
    .filter((k): k is string => !!k && declared.includes(k));
  const key = fromDetail[fromDetail.length - 1] ?? declared[0];
  const f = key ? res.meta.fields[key] : undefined;
  if (!key || !f) return badRequest('DUPLICATE');
  const v = values[key];
  const shown = v === undefined || v === null ? undefined : String(v);
  // A resource's own rule keeps the code and wording its clients know (CUSTOMER_DUPLICATE …).
  if (typeof f.unique === 'object')
    return new AppError(
      400,
      ErrorStatus.Validation,
      f.unique.key,
      { [f.unique.param]: shown ?? '' },
      {
        field: key,
      },
    );
  const label = local(f.label.zh, f.label.en);
  return shown === undefined
    ? badRequest('DUPLICATE.field', { label }, { field: key })
    : badRequest('DUPLICATE.value', { label, value: shown }, { field: key });
}
