import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { onPostgres } from '../harness.ts';

/**
 * Real server processes (main.ts, as `npm start` runs it) on one fresh PostgreSQL database and one Redis, for
 * the tests of several instances (multi-instance, fleet-start, fleet-shutdown, fleet-caches): fixed ports (a
 * restart comes back on its port), spawning without waiting (two starts at the same moment), the exit code and
 * time, one shared DATA_DIR or one per process, and a cleanup that drops the database, every Redis key (the
 * jobs' too) and the folders. Plus the client side: login, JSON calls, polling. The invoice checks are in
 * fleet-invoices.ts.
 */
export const redisUrl = process.env.TEST_REDIS_URL;
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = new URL('../../../..', import.meta.url).pathname;
/** Real processes need PostgreSQL (PGlite is single-process) and Redis (the bus, the jobs, the limiters). */
export const fleetAvailable = onPostgres && !!redisUrl;

export const base = (port: number) => `http://127.0.0.1:${port}`;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface Instance {
  port: number;
  /** base(port), for the client helpers below. */
  url: string;
  proc: ChildProcess;
  log: string[];
  /** Resolves with the exit code (null when killed by a signal) and when it happened. */
  exited: Promise<{ code: number | null; at: number }>;
}

export interface FleetOptions {
  /** Each process gets its own DATA_DIR, so that nothing can be shared through local disk (uploads go to S3). */
  dataDirPerProcess?: boolean;
}

/** One database, one Redis prefix and data folders per test file; cleanup() drops them all. */
export class Fleet {
  readonly dbName: string;
  readonly prefix: string;
  readonly dataDir: string;
  readonly dbUrl: string;
  readonly running: Instance[] = [];
  private readonly dirs: string[] = [];
  private readonly jobPrefixes: string[] = [];
  private created = false;

  constructor(
    readonly tag: string,
    private readonly options: FleetOptions = {},
  ) {
    const id = randomBytes(6).toString('hex');
    this.dbName = `fpy_${tag}_${id}`;
    this.prefix = `fpy-test-${tag}-${id}:`;
    this.dataDir = this.newDir();
    const u = new URL(adminUrl);
    u.pathname = `/${this.dbName}`;
    this.dbUrl = u.toString();
  }

  private newDir() {
    const dir = mkdtempSync(join(tmpdir(), `fpy-${this.tag}-`));
    this.dirs.push(dir);
    return dir;
  }

  /** Creates the fleet's empty database (once); the first process to start migrates and seeds it. */
  async createDatabase() {
    if (this.created) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${this.dbName}`);
    await admin.end();
    this.created = true;
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
        DATA_DIR: this.options.dataDirPerProcess ? this.newDir() : this.dataDir,
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
    const inst = { port, url: base(port), proc, log, exited };
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
      const ok = await fetch(`${inst.url}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return inst;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** One ready server on `port`, the database created first if it is not yet. */
  async start(port: number, env: Record<string, string> = {}): Promise<Instance> {
    await this.createDatabase();
    return this.waitReady(this.spawn(port, env));
  }

  /** A client of the fleet's database (the test's own look at the outcome); end it after use. */
  async db(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: this.dbUrl });
    await c.connect();
    return c;
  }

  /** One query on the fleet's database (tests read what an administrator could, e.g. the SMS outbox). */
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const c = await this.db();
    try {
      return (await c.query(sql, params)).rows as T[];
    } finally {
      await c.end();
    }
  }

  /** Kills what still runs, drops the database, every Redis key of the fleet (its jobs' prefix included), the folders. */
  async cleanup() {
    for (const i of this.running) if (i.proc.exitCode === null) i.proc.kill('SIGKILL');
    await Promise.all(this.running.map((i) => i.exited));
    if (this.created) {
      // The jobs live under the database's own prefix (system_settings jobs.redisPrefix), read before the drop.
      const rows = await this.query<{ v: string }>(
        `SELECT value #>> '{}' AS v FROM system_settings WHERE key = 'jobs.redisPrefix'`,
      ).catch(() => []);
      this.jobPrefixes.push(...rows.map((r) => r.v));
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`);
      await admin.end();
    }
    if (redisUrl) {
      const r = new Redis(redisUrl);
      const keys = await r.keys(`${this.prefix}*`);
      for (const p of this.jobPrefixes) keys.push(...(await r.keys(`${p}:*`)));
      if (keys.length) await r.del(...keys);
      await r.quit();
    }
    for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** The password RSA-encrypted with the server's login key, as the console sends it. */
export async function encryptFor(url: string, password: string): Promise<string> {
  const { publicKey } = (await (await fetch(`${url}/api/auth/publicKey`)).json()) as { publicKey: string };
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

/** A password login through `url` (the real token endpoint): the reply's status and, on success, the token. */
export async function tryLogin(url: string, username: string, password: string) {
  const res = await fetch(`${url}/api/auth/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      username,
      password: await encryptFor(url, password),
      grant_type: 'password',
    }),
  });
  const json = (await res.json()) as { access_token?: string };
  return { status: res.status, token: json.access_token ?? null };
}

export async function login(url: string, username: string, password: string): Promise<string> {
  const r = await tryLogin(url, username, password);
  if (!r.token) throw new Error(`login ${username} at ${url}: HTTP ${r.status}`);
  return r.token;
}

/** One JSON call with a bearer token: status and parsed body. */
export async function call(
  url: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

/** Polls `probe` until it holds; the milliseconds that took, or throws after `limitMs`. */
export async function within(limitMs: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}
