import { isCalendarDay, MAX_ID, pagedQuery, sortParam, text } from '@fpy/contracts';
import { z } from 'zod';
import { type FieldDef, filterFields, type ResourceMeta, sortableKeys } from './define.ts';

const CHINA_OFFSET = '+08:00';

/**
 * A date-time bound: an ISO instant with offset, or a console-style YYYY-MM-DD[ HH:mm:ss] read as China time
 * (spec §9 shows times in Asia/Shanghai, so that is what a typed date means). A bare date as an upper bound
 * covers its whole day.
 */
export const dateBound = (end: boolean) =>
  z
    .string()
    .trim()
    .max(40)
    .transform((s, ctx) => {
      let iso = s;
      if (/^\d{4}-\d{2}-\d{2}$/.test(s)) iso = `${s}T${end ? '23:59:59.999' : '00:00:00'}${CHINA_OFFSET}`;
      else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(s))
        iso = `${s.replace(' ', 'T')}${CHINA_OFFSET}`;
      const d = new Date(iso);
      // Date would roll 2026-02-30 over into March: the day itself must exist (and lie in 1900–2100).
      if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(iso) || !isCalendarDay(iso.slice(0, 10))) {
        ctx.addIssue({ code: 'custom', message: '时间格式不正确，应为 YYYY-MM-DD HH:mm:ss 或 ISO 8601' });
        return z.NEVER;
      }
      return d;
    });

const optionValues = (f: FieldDef) =>
  Array.isArray(f.options) ? (f.options as { value: string }[]).map((o) => o.value) : null;

/** Numbers compared with integer columns: within PostgreSQL int4, so a filter never overflows the database. */
const int4 = () =>
  z.coerce
    .number()
    .int('须为整数')
    .min(-MAX_ID - 1, '数值超出范围')
    .max(MAX_ID, '数值超出范围');

function scalar(f: FieldDef): z.ZodType {
  const values = optionValues(f);
  if (values?.length) return z.enum(values as [string, ...string[]]);
  if (f.type === 'number') return int4();
  return text(255);
}

/** Query parameters of each filter kind (see FilterKind), and the keyword box; every one is optional. */
export function filterShape(meta: ResourceMeta): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  if (meta.keyword) shape.keyword = text(200).optional();
  for (const [key, f] of filterFields(meta)) {
    switch (f.filter) {
      case 'text':
        shape[key] = text(255).optional();
        break;
      case 'exact':
      case 'select':
        shape[key] = scalar(f).optional();
        break;
      case 'boolean':
        shape[key] = z.enum(['true', 'false']).optional();
        break;
      case 'range':
        shape[`${key}Min`] = int4().optional();
        shape[`${key}Max`] = int4().optional();
        break;
      case 'dateRange':
        shape[`${key}From`] = dateBound(false).optional();
        shape[`${key}To`] = dateBound(true).optional();
        break;
      case 'httpStatus':
        shape[key] = z
          .string()
          .trim()
          .regex(/^([1-5]xx|[1-5]\d\d)$/i, '状态码应为三位数字或 2xx/4xx/5xx')
          .optional();
        break;
    }
  }
  return shape;
}

/** Filters are open-ended per resource; paging and sort are fixed. */
export type ListQuery = { page: number; limit: number; sort?: string } & Record<string, unknown>;
export type ListQueryInput = { page?: number | string; limit?: number | string; sort?: string } & Record<
  string,
  unknown
>;
export type ExportQuery = { sort?: string } & Record<string, unknown>;
export type ExportQueryInput = { sort?: string } & Record<string, unknown>;

/** `sort` may name a sortable field or id, with `-` for descending; anything else is a 400. */
const sortKeys = (meta: ResourceMeta) => sortableKeys(meta) as [string, ...string[]];

/** GET list: paging, sort and the declared filters. */
export const listQuery = (meta: ResourceMeta) =>
  pagedQuery(sortKeys(meta)).extend(filterShape(meta)) as unknown as z.ZodType<ListQuery, ListQueryInput>;

/** GET export: the same filters and sort, no paging (the whole filtered set, capped by the server). */
export const exportQuery = (meta: ResourceMeta) =>
  z.object({ sort: sortParam(sortKeys(meta)), ...filterShape(meta) }) as unknown as z.ZodType<
    ExportQuery,
    ExportQueryInput
  >;
