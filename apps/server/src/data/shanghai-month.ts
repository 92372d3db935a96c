// China has no daylight saving: Asia/Shanghai is UTC+8 all year, so a calendar month there is a fixed shift.
const SHANGHAI_MS = 8 * 3_600_000;

export interface ShanghaiMonth {
  /** yyyy-MM */
  key: string;
  /** First and last day, yyyy-MM-dd, for dayRange(). */
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function monthOf(year: number, month0: number): ShanghaiMonth {
  const y = year + Math.floor(month0 / 12);
  const m = ((month0 % 12) + 12) % 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const key = `${y}-${pad(m + 1)}`;
  return { key, from: `${key}-01`, to: `${key}-${pad(last)}` };
}

/** The Asia/Shanghai month `back` months before the one `now` falls in (0 = this month). */
export function shanghaiMonth(now: Date, back = 0): ShanghaiMonth {
  const local = new Date(now.getTime() + SHANGHAI_MS);
  return monthOf(local.getUTCFullYear(), local.getUTCMonth() - back);
}

/** The last `count` months up to and including this one, oldest first. */
export function lastShanghaiMonths(now: Date, count: number): ShanghaiMonth[] {
  return Array.from({ length: count }, (_, i) => shanghaiMonth(now, count - 1 - i));
}
