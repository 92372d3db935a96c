/** PostgreSQL unique_violation, whether the driver error arrives bare or wrapped by Drizzle (as `cause`). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    i++
  ) {
    if (e.code === '23505') return !constraint || !e.constraint || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}
