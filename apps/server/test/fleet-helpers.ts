import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort, login as loginAt, redisUrl } from './fleet-processes.ts';

export { freePort, redisUrl };

/**
 * Real server processes (main.ts, as `npm start` runs it) on one fresh PostgreSQL database and one Redis, for
 * the tests that stop and start them (multi-instance, fleet-start, fleet-shutdown): fixed ports (a restart comes
 * back on its port), one shared DATA_DIR, spawning without waiting (two starts at the same moment), the exit
 * code and time, and the jobs' Redis keys in the cleanup. fleet-processes.ts (Processes) serves the tests of
 * shared state; the free port and the login are its. They run in the PostgreSQL pass of npm test (TEST_DB=pg,
 * TEST_REDIS_URL set).
 */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = new URL('../../..', import.meta.url).pathname;

export const base = (port: number) => `http://127.0.0.1:${port}`;

export interface Instance {
  port: number;
  proc: ChildProcess;
  log: string[];
  /** Resolves with the exit code (null when killed by a signal) and when it happened. */
  exited: Promise<{ code: number | null; at: number }>;
}

/** One database, one Redis prefix and one data folder per test file; cleanup() drops them all. */
export class Fleet {
  readonly dbName: string;
  readonly prefix: string;
  readonly dataDir: string;
  readonly dbUrl: string;
  readonly running: Instance[] = [];
  private readonly jobPrefixes: string[] = [];

  constructor(tag: string) {
    const id = randomBytes(6).toString('hex');
    this.dbName = `fpy_${tag}_${id}`;
    this.prefix = `fpy-test-${tag}-${id}:`;
    this.dataDir = mkdtempSync(join(tmpdir(), `fpy-${tag}-`));
    const u = new URL(adminUrl);
    u.pathname = `/${this.dbName}`;
    this.dbUrl = u.toString();
  }

  async createDatabase() {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${this.dbName}`);
    await admin.end();
  }

  /** Spawns main.ts on `port` without waiting; `env` adds to (or overrides) the fleet's variables. */
  spawn(port: number, env: Record<string, string> = {}): Instance {
    const log: string[] = [];
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: this.dbUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: this.prefix,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
        RENDER_WORKERS: '0',
        RATE_LIMIT_IP_PER_MINUTE: '100000000',
        RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (b: Buffer) => {
      log.push(b.toString());
      if (log.length > 200) log.shift();
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      proc.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const inst = { port, proc, log, exited };
    this.running.push(inst);
    return inst;
  }

  /** Polls GET /readyz until it answers 200; fails when the process exits or takes longer than 90 s. */
  async waitReady(inst: Instance): Promise<Instance> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (inst.proc.exitCode !== null) throw new Error(`server on ${inst.port} exited: ${inst.log.join('')}`);
      if (Date.now() > deadline)
        throw new Error(`server on ${inst.port} did not start: ${inst.log.join('')}`);
      const ok = await fetch(`${base(inst.port)}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return inst;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  start(port: number, env: Record<string, string> = {}): Promise<Instance> {
    return this.waitReady(this.spawn(port, env));
  }

  /** A client of the fleet's database (the test's own look at the outcome); end it after use. */
  async db(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: this.dbUrl });
    await c.connect();
    return c;
  }

  /** Kills what still runs, drops the database and every Redis key of the fleet (its jobs' prefix included). */
  async cleanup() {
    for (const i of this.running) if (i.proc.exitCode === null) i.proc.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    // The jobs live under the database's own prefix (system_settings jobs.redisPrefix), read before the drop.
    const db = await this.db().catch(() => null);
    if (db) {
      const rows = await db
        .query(`SELECT value #>> '{}' AS v FROM system_settings WHERE key = 'jobs.redisPrefix'`)
        .then((r) => r.rows as { v: string }[])
        .catch(() => []);
      this.jobPrefixes.push(...rows.map((r) => r.v));
      await db.end();
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`);
    await admin.end();
    if (redisUrl) {
      const r = new Redis(redisUrl);
      const keys = await r.keys(`${this.prefix}*`);
      for (const p of this.jobPrefixes) keys.push(...(await r.keys(`${p}:*`)));
      if (keys.length) await r.del(...keys);
      await r.quit();
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Logs in through the real token endpoint (RSA-encrypted password, as the console does). */
export const login = (port: number, username: string, password: string) =>
  loginAt(base(port), username, password);

/** A one-line invoice of demo's seller, identified by the client's serial (the idempotency key). */
export const invoiceBody = (serial: string) =>
  JSON.stringify({
    clientSerial: serial,
    type: 'digital_ordinary',
    pricingMode: 'exclusive',
    buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
    lines: [
      {
        name: '*软件维护服务*接口服务费',
        taxCode: '3040201030000000000',
        unit: '次',
        quantity: '1',
        unitPrice: '1',
        rate: 'rate_13',
      },
    ],
  });

export interface InvoiceRow {
  id: number;
  tenant_id: number;
  client_serial: string;
  status: string;
  number: string;
  seller_credit_code: string;
}

/** The invoices whose client serial starts with `serialPrefix`. */
export async function invoiceRows(db: pg.Client, serialPrefix: string): Promise<InvoiceRow[]> {
  return (
    await db.query(
      `SELECT id, tenant_id, client_serial, status, number, seller_credit_code
         FROM invoices WHERE client_serial LIKE $1`,
      [`${serialPrefix}%`],
    )
  ).rows as InvoiceRow[];
}

/** The sandbox bureau's invoices of one seller: how many, distinct numbers, the range, and the sequence row. */
export async function sandboxNumbers(db: pg.Client, seller: string) {
  const [s] = (
    await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT number)::int AS d,
              min(substr(number, 6)::bigint) AS lo, max(substr(number, 6)::bigint) AS hi
         FROM tax_sandbox_invoices WHERE seller_credit_code = $1`,
      [seller],
    )
  ).rows as { n: number; d: number; lo: string; hi: string }[];
  const seq = (
    await db.query(
      `SELECT sum(last_seq)::int AS s FROM tax_sandbox_sequences WHERE seller_credit_code = $1`,
      [seller],
    )
  ).rows[0].s as number;
  return { n: s.n, d: s.d, lo: Number(s.lo), hi: Number(s.hi), seq };
}

/** Waits until no invoice with the serial prefix is left unissued (100 s at most). */
export async function waitAllIssued(db: pg.Client, serialPrefix: string, onTimeout: () => string) {
  const deadline = Date.now() + 100_000;
  for (;;) {
    const waiting = Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM invoices WHERE client_serial LIKE $1 AND status <> 'issued'`,
          [`${serialPrefix}%`],
        )
      ).rows[0].n,
    );
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting} invoices not issued; ${onTimeout()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
