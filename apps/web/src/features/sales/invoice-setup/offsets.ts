/**
 * Print offsets are stored in tenths of a millimetre (integers) and typed in millimetres with one decimal.
 * The conversion goes through the text so 0.1 steps never pick up binary-fraction noise.
 */
export function tenthsToMm(tenths: number): number {
  return Number(formatMm(tenths));
}

/** 125 → "12.5", -5 → "-0.5", 0 → "0.0". */
export function formatMm(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(tenths));
  return `${sign}${Math.floor(abs / 10)}.${abs % 10}`;
}

/** "12.5" or 12.5 → 125; null when not a number with at most one decimal. */
export function mmToTenths(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const m = /^([+-]?)(\d+)(?:\.(\d))?$/.exec(String(value).trim());
  if (!m) return null;
  const tenths = Number(m[2]) * 10 + Number(m[3] ?? 0);
  return m[1] === '-' ? -tenths : tenths;
}
