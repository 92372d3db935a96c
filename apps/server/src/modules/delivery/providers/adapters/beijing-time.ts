/** Providers in China speak Beijing time (UTC+8, no daylight saving) without an offset in their strings. */
const OFFSET_MS = 8 * 3600_000;

/** yyyyMMdd of `d` in Beijing (阿里云 QuerySendDetails SendDate). */
export function beijingDay(d: Date): string {
  return new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

/** 'yyyy-MM-dd HH:mm:ss' in Beijing → the instant; null when absent or malformed. */
export function parseBeijingTime(s: string | undefined | null): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(s?.trim() ?? '');
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, se) - OFFSET_MS);
}
