import { and, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

// China has no daylight saving: a day in Asia/Shanghai starts at 16:00 UTC the day before, all year.
const DAY_MS = 86_400_000;
export const shanghaiDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** Both ends inclusive as the user picked them (yyyy-MM-dd, Asia/Shanghai); either may be absent. */
export function dayRange(column: PgColumn, from?: string, to?: string): SQL | undefined {
  return and(
    from ? gte(column, shanghaiDayStart(from)) : undefined,
    to ? lt(column, new Date(shanghaiDayStart(to).getTime() + DAY_MS)) : undefined,
  );
}
