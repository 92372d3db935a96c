import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/**
 * Start-up work that must happen once per database however many processes start at the same moment
 * (migrations, menu sync, demo seed), and the readiness question "are the migrations done?".
 */

/**
 * Key of the session-level advisory lock taken around start-up work. Advisory locks are scoped to the
 * database, so two installations (or parallel test databases) on one server never wait for each other.
 * Any fixed number works; this one spells "fpysetup".
 */
export const SETUP_LOCK_KEY = '7381460366497672304';

/**
 * Runs `work` while holding the setup lock on a connection of its own: a second process blocks in
 * pg_advisory_lock until the first has migrated and seeded, then finds nothing left to do. If the holder
 * dies, PostgreSQL ends its session and the lock goes with it.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [SETUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [SETUP_LOCK_KEY]).catch(() => {
        // Unlock failed: destroying the connection ends the session, which releases the lock all the same.
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}

/** When each committed migration was generated (drizzle's journal): the migrator's own notion of order. */
export function migrationStamps(migrationsFolder: string): number[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((e) => e.when);
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Committed migrations this database has not applied yet. Drizzle's migrator applies every migration newer
 * than the newest row of drizzle.__drizzle_migrations, so the same comparison answers here. A database the
 * migrator never touched (no schema, no table) has all of them pending.
 */
export async function countPendingMigrations(query: Query, stamps: number[]): Promise<number> {
  let last: number;
  try {
    const { rows } = await query('SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations');
    last = rows[0]?.last == null ? -1 : Number(rows[0].last);
  } catch (err) {
    const code = (err as { code?: string }).code;
    // 42P01 undefined table, 3F000 undefined schema: nothing migrated yet. Anything else is a real failure.
    if (code === '42P01' || code === '3F000') return stamps.length;
    throw err;
  }
  return stamps.filter((s) => s > last).length;
}
