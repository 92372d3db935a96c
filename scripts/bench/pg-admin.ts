import net from 'node:net';
import pg from 'pg';

/** The PostgreSQL the benchmarks may create databases on (127.0.0.1:5432 unless told otherwise). */
export const pgAdminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export function pgReachable(url = pgAdminUrl): Promise<boolean> {
  const u = new URL(url);
  return new Promise((res) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432), timeout: 2000 }, () => {
      s.end();
      res(true);
    });
    s.on('error', () => res(false));
    s.on('timeout', () => {
      s.destroy();
      res(false);
    });
  });
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgAdminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export function databaseUrl(name: string): string {
  const u = new URL(pgAdminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, empty database; `drop()` removes it (connections still open are cut). */
export async function freshDatabase(name: string) {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: databaseUrl(name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

export async function databaseExists(name: string): Promise<boolean> {
  return admin(
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  );
}
