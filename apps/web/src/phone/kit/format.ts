import { formatYuan } from '@fpy/domain';

/** ¥1,234.56 from integer fen, written by @fpy/domain's formatYuan (no floats); only the ¥ and commas are added. */
export function yuan(fen: number): string {
  const [whole, frac] = formatYuan(Math.abs(fen)).split('.');
  return `${fen < 0 ? '-' : ''}¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** YYYY-MM-DD in Asia/Shanghai (no daylight saving: a fixed +8 h). */
export const shanghaiDay = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);
