import { parseYuan } from '@fpy/domain';
import type { FieldDef } from '@fpy/resources';

/** A cell the sheet cannot mean: the row is refused with this message (already naming the column). */
export class CellProblem extends Error {}

const YES = new Set(['是', 'y', 'yes', 'true', '1']);
const NO = new Set(['否', 'n', 'no', 'false', '0']);

/** Typed brackets vary between full- and half-width; labels are written full-width. */
const normalise = (s: string) => s.replace(/\(/g, '（').replace(/\)/g, '）').toLowerCase();

/**
 * A cell as the body schema expects it. Cells arrive as text: booleans as 是/否 (what the export writes),
 * options by their label (what the export writes) or their value; an empty cell is absent.
 */
export function cellInput(f: FieldDef, raw: string): unknown {
  const v = raw.trim();
  if (v === '') return undefined;
  if (f.type === 'boolean') {
    const k = v.toLowerCase();
    if (YES.has(k)) return true;
    if (NO.has(k)) return false;
    throw new CellProblem(`${f.label.zh}：请填写“是”或“否”，不是“${v}”`);
  }
  if (Array.isArray(f.options)) {
    const n = normalise(v);
    const hit = (f.options as { value: string; zh: string; en: string }[]).find(
      (o) => o.value === v || normalise(o.zh) === n || normalise(o.en) === n,
    );
    if (!hit) throw new CellProblem(`${f.label.zh}：“${v}”不是可选的值`);
    return hit.value;
  }
  if (f.type === 'money') {
    // Yuan in the sheet (what the export writes), fen in the body.
    const fen = parseYuan(v.replace(/[,，¥￥]/g, ''));
    if (fen === null) throw new CellProblem(`${f.label.zh}：“${v}”不是金额（元，最多两位小数）`);
    return fen;
  }
  return v;
}

/** A schema message named by its column, unless it names it already (请输入客户名称). */
export const withLabel = (label: string, message: string) =>
  message.includes(label) ? message : `${label}：${message}`;
