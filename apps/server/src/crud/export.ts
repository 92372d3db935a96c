import { formatYuan } from '@fpy/domain';
import { dictItems, dictTypes } from '@fpy/db';
import { exportFields, type FieldDef } from '@fpy/resources';
import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../http/context.ts';
import { badRequest } from '../lib/errors.ts';
import { buildWorkbook, type ExcelColumn } from '../lib/excel.ts';

/** Beyond this an export would hold a worker for minutes; the user narrows the filters instead. */
export const MAX_EXPORT_ROWS = 50_000;

type Row = Record<string, unknown>;

// sv-SE formats as YYYY-MM-DD HH:mm:ss; the sheet shows China time like the console (spec §9).
const chinaTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
export const formatChinaTime = (d: Date) => chinaTime.format(d);

export function checkExportSize(total: number) {
  if (total > MAX_EXPORT_ROWS) {
    throw badRequest('EXPORT_TOO_LARGE', { total, max: MAX_EXPORT_ROWS });
  }
}

/** Chinese labels of a field's options: static ones from the metadata, dictionary ones from the database. */
async function optionLabels(ctx: AuthedCtx, f: FieldDef): Promise<Map<string, string> | undefined> {
  if (!f.options) return undefined;
  if (Array.isArray(f.options))
    return new Map((f.options as { value: string; zh: string }[]).map((o) => [o.value, o.zh]));
  const items = await ctx.db
    .select({ value: dictItems.value, label: dictItems.labelZh })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictItems.typeId, dictTypes.id))
    .where(and(eq(dictTypes.code, (f.options as { dict: string }).dict)));
  return new Map(items.map((i) => [i.value, i.label]));
}

/** The sheet shows what the table shows: Chinese headers, option labels, 是/否, China time. */
export async function exportColumns(
  ctx: AuthedCtx,
  meta: { fields: Record<string, FieldDef> },
): Promise<ExcelColumn<Row>[]> {
  const cols: ExcelColumn<Row>[] = [];
  for (const [key, f] of exportFields(meta as never)) {
    const labels = await optionLabels(ctx, f);
    cols.push({
      key,
      header: f.label.zh,
      width: f.type === 'datetime' ? 20 : Math.max(12, Math.min(60, Math.round((f.width ?? 160) / 7))),
      value: (r) => {
        const v = r[key];
        if (v === null || v === undefined) return null;
        if (v instanceof Date) return formatChinaTime(v);
        if (typeof v === 'boolean') return v ? '是' : '否';
        // A list field: its items (option labels where it has options), comma-separated.
        if (Array.isArray(v)) return v.map((x) => labels?.get(String(x)) ?? String(x)).join(', ');
        if (labels) return labels.get(String(v)) ?? String(v);
        // Money is stored in fen and read in yuan, the way the console shows it (and the import reads it back).
        if (f.type === 'money' && typeof v === 'number') return formatYuan(v);
        return v as string | number;
      },
    });
  }
  return cols;
}

export async function exportWorkbook(
  ctx: AuthedCtx,
  meta: { title: { zh: string }; fields: Record<string, FieldDef> },
  rows: Row[],
) {
  return buildWorkbook(meta.title.zh, await exportColumns(ctx, meta), rows);
}

/** 岗位_20240102_150405.xlsx, stamped in China time. */
export const exportFileName = (title: string, now = new Date()) =>
  `${title}_${formatChinaTime(now).replace(/-|:/g, '').replace(' ', '_')}.xlsx`;
