import { formatYuan } from '@fpy/domain';
import { thousands } from '../../lib/format.ts';

/** 2260050 → "22,600.50": money on screen is always formatted from integer fen, never via floats. */
export function fen(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = formatYuan(value);
  const [int, frac] = text.split('.');
  return `${thousands(int)}.${frac}`;
}
