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

export type Schema = typeof schema;
/** Both drivers give the same query builder; code above this file never knows which one runs. */
export type Db = PgDatabase<any, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export interface DbOptions {
  /** postgres://… → node-postgres pool; otherwise PGlite stored in dataDir (or in memory when dataDir is 'memory://'). */
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
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
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm serves "buyer name contains …" on large invoice tables (migration 0003 creates it on both engines).
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as any, { migrationsFolder }),
    close: () => client.close(),
  };
}
