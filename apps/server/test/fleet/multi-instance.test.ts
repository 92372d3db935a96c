import { afterAll, describe, expect, it } from 'vitest';
import { base, Fleet, fleetAvailable, freePort, login } from './fleet-helpers.ts';
import { invoiceBody, invoiceRows, sandboxNumbers, waitAllIssued } from './fleet-invoices.ts';

/**
 * The proof of issue 13 §4: two real server processes (main.ts, as `npm start` runs it) on one PostgreSQL
 * database and one Redis issue 2,000 invoices sent from 8 concurrent connections; one process is killed with
 * SIGKILL half-way and started again. Afterwards the database must hold every requested invoice exactly once
 * (one row per client serial, the id a client was answered with), every one issued, and the bureau numbers
 * of the seller gap-free. Runs in the PostgreSQL pass of npm test (TEST_DB=pg, TEST_REDIS_URL set), where an
 * unreachable PostgreSQL or Redis fails CI rather than skipping.
 */
const TOTAL = 2000;
const CONNECTIONS = 8;
const KILL_AT = TOTAL / 2;

describe.runIf(fleetAvailable)('several server processes on one PostgreSQL and one Redis', () => {
  const fleet = new Fleet('mi');
  // Each start waits for GET /readyz.
  const start = (port: number) => fleet.start(port);

  afterAll(() => fleet.cleanup());

  it('issues 2,000 invoices through both, survives kill -9 of one, each exactly once, numbers gap-free', async () => {
    await fleet.createDatabase();

    const [portA, portB] = [await freePort(), await freePort()];
    // One after the other: the first start migrates and seeds the fresh database.
    const a = await start(portA);
    let b = await start(portB);

    const token = await login(a.url, 'demo', 'Demo@123');
    expect(token).toBeTruthy();

    const serialOf = (i: number) => `MI-${i}`;
    const body = (i: number) => invoiceBody(serialOf(i));

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
    const db = await fleet.db();
    try {
      await waitAllIssued(db, 'MI-', () => `A: ${a.log.join('')} B: ${b.log.join('')}`);
      const rows = await invoiceRows(db, 'MI-');
      // Exactly once: one row per serial, none missing, and it is the one the client was answered with.
      expect(rows).toHaveLength(TOTAL);
      expect(new Set(rows.map((r) => r.client_serial)).size).toBe(TOTAL);
      for (const r of rows) expect(Number(r.id), r.client_serial).toBe(answered.get(r.client_serial));
      expect(rows.every((r) => r.status === 'issued')).toBe(true);
      // One bureau invoice per request and each number once.
      expect(new Set(rows.map((r) => r.number)).size).toBe(TOTAL);
      const mine = await sandboxNumbers(db, rows[0].seller_credit_code);
      // Gap-free per seller (and year): the numbers are exactly 1..n, and the sequence row says n.
      expect(mine.n).toBe(mine.d);
      expect(Number(mine.lo)).toBe(1);
      expect(Number(mine.hi)).toBe(mine.n);
      const seq = mine.seq;
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
