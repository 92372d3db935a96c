import { parseYuan } from '@fpy/domain';

/** "1,234.50" / "-226.00" / "¥226.00" → fen; undefined when it is not an amount. */
export function yuanText(text: string | undefined | null): number | undefined {
  if (!text) return undefined;
  const clean = text.replace(/[¥￥,\s]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(clean)) return undefined;
  const fen = parseYuan(clean);
  return fen === null ? undefined : Number(fen);
}

/** 2024年05月14日 / 2024-05-14[ 10:20:30] / 20240514 → 2024-05-14. */
export function dateText(text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  const m = /(\d{4})\s*[年\-/.]?\s*(\d{2})\s*[月\-/.]?\s*(\d{2})/.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}
