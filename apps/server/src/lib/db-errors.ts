/** The fields PostgreSQL puts on an error; PGlite and node-postgres share the shape. */
export interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
  cause?: unknown;
}

/** The PostgreSQL error behind a driver's wrapper (Drizzle wraps query errors and keeps the original as `cause`). */
export function pgError(err: unknown): PgError | undefined {
  for (let e = err as PgError | undefined, i = 0; e && i < 4; e = e.cause as PgError | undefined, i++) {
    if (typeof e.code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(e.code)) return e;
  }
  return undefined;
}

/**
 * PostgreSQL unique_violation (23505), bare or wrapped. With `constraint`, only that constraint counts — unless
 * the driver did not name one, in which case any unique violation does.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  if (e?.code !== '23505') return false;
  return !constraint || !e.constraint || e.constraint === constraint;
}
