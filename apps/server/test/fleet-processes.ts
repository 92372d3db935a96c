import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { onPostgres } from './harness.ts';

/**
 * Real server processes (main.ts, as `npm start` runs it) on one fresh PostgreSQL database and one Redis, for
 * tests of what several instances share. Each process may have its own DATA_DIR and extra environment (S3_*);
 * `close()` kills them and drops the database, the Redis keys and the folders.
 */
export const redisUrl = process.env.TEST_REDIS_URL;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = new URL('../../..', import.meta.url).pathname;
/** Real processes need PostgreSQL (PGlite is single-process) and Redis (the bus, the limiters). */
export const fleetAvailable = onPostgres && !!redisUrl;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  port: number;
  url: string;
  proc: ChildProcess;
  log: string[];
}

export class Processes {
  readonly dbName: string;
  readonly dbUrl: string;
  readonly prefix: string;
  private readonly running: ServerProcess[] = [];
  private readonly dirs: string[] = [];
  private created = false;

  constructor(tag: string) {
    const id = randomBytes(6).toString('hex');
    this.dbName = `fpy_${tag}_${id}`;
    this.prefix = `fpy-test-${tag}-${id}:`;
    const u = new URL(adminUrl);
    u.pathname = `/${this.dbName}`;
    this.dbUrl = u.toString();
  }

  /** One server on a free port with its own DATA_DIR; resolves once it answers. The first start migrates and seeds. */
  async start(env: Record<string, string> = {}): Promise<ServerProcess> {
    if (!this.created) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${this.dbName}`);
      await admin.end();
      this.created = true;
    }
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'fpy-fleet-'));
    this.dirs.push(dataDir);
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
        DATA_DIR: dataDir,
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
    const inst = { port, url: `http://127.0.0.1:${port}`, proc, log };
    this.running.push(inst);
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server on ${port} exited: ${log.join('')}`);
      if (Date.now() > deadline) throw new Error(`server on ${port} did not start: ${log.join('')}`);
      const ok = await fetch(`${inst.url}/api/auth/publicKey`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return inst;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** A query on the fleet's database (tests read what an administrator could, e.g. the SMS outbox). */
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const c = new pg.Client({ connectionString: this.dbUrl });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows as T[];
    } finally {
      await c.end();
    }
  }

  async close() {
    for (const i of this.running) if (i.proc.exitCode === null) i.proc.kill('SIGKILL');
    await Promise.all(
      this.running.map((i) =>
        i.proc.exitCode === null ? new Promise((r) => i.proc.once('exit', r)) : Promise.resolve(),
      ),
    );
    if (this.created) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`);
      await admin.end();
    }
    if (redisUrl) {
      const r = new Redis(redisUrl);
      const keys = await r.keys(`${this.prefix}*`);
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

/** A password login through `url`: the reply's status and, on success, the access token. */
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
