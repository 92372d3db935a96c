import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from './harness.ts';

/**
 * The proof of issue 13 §4: two real server processes (main.ts, as `npm start` runs it) on one PostgreSQL
 * database and one Redis issue 2,000 invoices sent from 8 concurrent connections; one process is killed with
 * SIGKILL half-way and started again. Afterwards the database must hold every requested invoice exactly once
 * (one row per client serial, the id a client was answered with), every one issued, and the bureau numbers
 * of the seller gap-free. Runs in the PostgreSQL pass of npm test (TEST_DB=pg, TEST_REDIS_URL set), where an
 * unreachable PostgreSQL or Redis fails CI rather than skipping.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = new URL('../../..', import.meta.url).pathname;
const TOTAL = 2000;
const CONNECTIONS = 8;
const KILL_AT = TOTAL / 2;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Instance {
  port: number;
  proc: ChildProcess;
  log: string[];
}

describe.runIf(onPostgres && !!redisUrl)('several server processes on one PostgreSQL and one Redis', () => {
  const dbName = `fpy_mi_${randomBytes(6).toString('hex')}`;
  const prefix = `fpy-test-mi-${randomBytes(6).toString('hex')}:`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fpy-mi-'));
  const dbUrl = (() => {
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  const running: Instance[] = [];

  const start = async (port: number): Promise<Instance> => {
    const log: string[] = [];
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
        RENDER_WORKERS: '0',
        RATE_LIMIT_IP_PER_MINUTE: '100000000',
        RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (b: Buffer) => {
      log.push(b.toString());
      if (log.length > 200) log.shift();
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    const inst = { port, proc, log };
    running.push(inst);
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server on ${port} exited: ${log.join('')}`);
      if (Date.now() > deadline) throw new Error(`server on ${port} did not start: ${log.join('')}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/auth/publicKey`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return inst;
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  afterAll(async () => {
    for (const i of running) if (i.proc.exitCode === null) i.proc.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    const r = new Redis(redisUrl!);
    const keys = await r.keys(`${prefix}*`);
    // The jobs live under the database's own prefix (system_settings jobs.redisPrefix), read before the drop.
    for (const p of jobPrefixes) keys.push(...(await r.keys(`${p}:*`)));
    if (keys.length) await r.del(...keys);
    await r.quit();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const jobPrefixes: string[] = [];

  it('issues 2,000 invoices through both, survives kill -9 of one, each exactly once, numbers gap-free', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();

    const [portA, portB] = [await freePort(), await freePort()];
    // One after the other: the first start migrates and seeds the fresh database.
    const a = await start(portA);
    let b = await start(portB);

    const base = (port: number) => `http://127.0.0.1:${port}`;
    const pk = ((await (await fetch(`${base(portA)}/api/auth/publicKey`)).json()) as { publicKey: string })
      .publicKey;
    const login = await fetch(`${base(portA)}/api/auth/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        username: 'demo',
        password: publicEncrypt(
          { key: pk, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from('Demo@123'),
        ).toString('base64'),
        grant_type: 'password',
      }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    expect(token).toBeTruthy();

    const serialOf = (i: number) => `MI-${i}`;
    const body = (i: number) =>
      JSON.stringify({
        clientSerial: serialOf(i),
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

    // The id each serial was answered with (a client's success), and how many sends each needed.
    const answered = new Map<string, number>();
    let next = 0;
    let retries = 0;
    let killed = false;
    let restart: Promise<void> | null = null;
    const ports = () => [portA, portB];
    const send = async (port: number, i: number) => {
      const res = await fetch(`${base(port)}/api/billing/v1/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body(i),
        signal: AbortSignal.timeout(20_000),
      });
      const json = (await res.json()) as { id?: number };
      if ((res.status !== 200 && res.status !== 201) || !json.id) {
        const err = new Error(`HTTP ${res.status} ${JSON.stringify(json)}`);
        // A refusal is final; only a server that is gone or failing is worth another try.
        throw Object.assign(err, { final: res.status < 500 });
      }
      return json.id;
    };
    const worker = async (w: number) => {
      for (;;) {
        const i = next++;
        if (i >= TOTAL) return;
        if (i === KILL_AT && !killed) {
          killed = true;
          b.proc.kill('SIGKILL');
          restart = new Promise<void>((r) => b.proc.once('exit', () => r())).then(async () => {
            b = await start(portB);
          });
        }
        // Round robin over both; a failed send (connection refused or reset while B is down) goes to the other
        // with the same serial — the retry a real client makes, which must never issue a second invoice.
        let attempt = 0;
        for (;;) {
          const port = ports()[(i + w + attempt) % 2];
          try {
            answered.set(serialOf(i), await send(port, i));
            break;
          } catch (err) {
            attempt += 1;
            retries += 1;
            if (attempt > 40 || (err as { final?: boolean }).final) throw err;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
    const acceptedMs = Date.now() - started;
    await restart;
    expect(killed).toBe(true);
    expect(answered.size).toBe(TOTAL);

    // Every accepted invoice ends issued: jobs survive on Redis, the stuck ones of the killed process are
    // resumed by the restarted one (resumption at start) or recovered as stalled by BullMQ.
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      jobPrefixes.push(
        ...(
          await db.query(`SELECT value #>> '{}' AS v FROM system_settings WHERE key = 'jobs.redisPrefix'`)
        ).rows.map((r) => r.v as string),
      );
      const deadline = Date.now() + 100_000;
      let waiting = -1;
      while (waiting !== 0) {
        waiting = Number(
          (
            await db.query(
              `SELECT count(*) AS n FROM invoices WHERE client_serial LIKE 'MI-%' AND status <> 'issued'`,
            )
          ).rows[0].n,
        );
        if (waiting === 0) break;
        if (Date.now() > deadline)
          throw new Error(`${waiting} invoices not issued; A: ${a.log.join('')} B: ${b.log.join('')}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      const rows = (
        await db.query(
          `SELECT i.id, i.tenant_id, i.client_serial, i.status, i.number, i.seller_credit_code
             FROM invoices i WHERE i.client_serial LIKE 'MI-%'`,
        )
      ).rows as {
        id: number;
        tenant_id: number;
        client_serial: string;
        status: string;
        number: string;
        seller_credit_code: string;
      }[];
      // Exactly once: one row per serial, none missing, and it is the one the client was answered with.
      expect(rows).toHaveLength(TOTAL);
      expect(new Set(rows.map((r) => r.client_serial)).size).toBe(TOTAL);
      for (const r of rows) expect(Number(r.id), r.client_serial).toBe(answered.get(r.client_serial));
      expect(rows.every((r) => r.status === 'issued')).toBe(true);
      // One bureau invoice per request and each number once.
      expect(new Set(rows.map((r) => r.number)).size).toBe(TOTAL);
      const sandbox = (
        await db.query(
          `SELECT seller_credit_code, count(*)::int AS n, count(DISTINCT number)::int AS d,
                  min(substr(number, 6)::bigint) AS lo, max(substr(number, 6)::bigint) AS hi
             FROM tax_sandbox_invoices GROUP BY seller_credit_code`,
        )
      ).rows as { seller_credit_code: string; n: number; d: number; lo: string; hi: string }[];
      const seller = rows[0].seller_credit_code;
      const mine = sandbox.find((s) => s.seller_credit_code === seller)!;
      // Gap-free per seller (and year): the numbers are exactly 1..n, and the sequence row says n.
      expect(mine.n).toBe(mine.d);
      expect(Number(mine.lo)).toBe(1);
      expect(Number(mine.hi)).toBe(mine.n);
      const seq = (
        await db.query(
          `SELECT sum(last_seq)::int AS s FROM tax_sandbox_sequences WHERE seller_credit_code = $1`,
          [seller],
        )
      ).rows[0].s;
      expect(seq).toBe(mine.n);
      expect(mine.n).toBeGreaterThanOrEqual(TOTAL);
      console.log(
        `multi-instance: ${TOTAL} invoices accepted in ${(acceptedMs / 1000).toFixed(1)} s through 2 processes ` +
          `(${retries} sends retried after kill -9), all issued after ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await db.end();
    }
  }, 240_000);
});
