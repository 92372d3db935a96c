import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { countPendingMigrations, migrationStamps, withAdvisoryLock } from './setup.ts';

export type Schema = typeof schema;
/** Both drivers give the same query builder; code above this file never knows which one runs. */
export type Db = PgDatabase<any, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Committed migrations not yet applied to this database (0 once migrate() has run anywhere). */
  pendingMigrations(): Promise<number>;
  /**
   * Runs start-up work (migrate, menu sync, seed) once at a time across every process on this database: on
   * PostgreSQL under an advisory lock (the others wait, then find it done); PGlite has one process, no lock.
   */
  withSetupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * The handle background jobs write through: on PostgreSQL a pool of its own whose commits do not wait for
   * the disk (synchronous_commit off — work a crash could lose is redone by the job that lost it, and the
   * write-ahead log never keeps a later commit without the earlier ones); on PGlite the same database.
   */
  background(): Promise<DbHandle>;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
let stamps: number[] | undefined;
const committedStamps = () => {
  stamps ??= migrationStamps(migrationsFolder);
  return stamps;
};

export interface DbOptions {
  /** postgres://… → node-postgres pool; otherwise PGlite stored in dataDir (or in memory when dataDir is 'memory://'). */
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL only: commits return before the disk has them (see DbHandle.background). */
  asyncCommit?: boolean;
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
    });
    // An idle connection dropped by the server (restart, failover, DROP DATABASE … FORCE) must not crash
    // the process; the pool replaces it on the next query.
    pool.on('error', () => {});
    // Fail early with a clear error instead of on the first request.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as any, { migrationsFolder }),
      pendingMigrations: () => countPendingMigrations((t) => pool.query(t), committedStamps()),
      withSetupLock: (work) => withAdvisoryLock(pool, work),
      close: () => pool.end(),
      background: () => openDb({ databaseUrl: opts.databaseUrl, poolSize: 8, asyncCommit: true }),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm serves "buyer name contains …" on large invoice tables (migration 0003 creates it on both engines).
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const handle: DbHandle = {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as any, { migrationsFolder }),
    pendingMigrations: () =>
      countPendingMigrations(
        (t) => client.query<Record<string, unknown>>(t) as Promise<{ rows: Record<string, unknown>[] }>,
        committedStamps(),
      ),
    withSetupLock: (work) => work(),
    close: () => client.close(),
    // One connection in one process: background work shares it; closing the main handle closes both.
    background: async () => ({ ...handle, close: async () => {} }),
  };
  return handle;
}
