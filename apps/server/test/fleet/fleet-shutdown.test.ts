import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo-data.ts';
import { base, Fleet, fleetAvailable, freePort, login } from './fleet-helpers.ts';
import { invoiceBody, invoiceRows, sandboxNumbers, waitAllIssued } from './fleet-invoices.ts';

/**
 * Issue 22 §3: restarts lose nothing. Two real server processes on one fresh PostgreSQL database and one Redis;
 * 8 client connections create-and-submit invoices through both; half-way B gets SIGTERM. Proven:
 *  - every request B answered got a complete, correct answer (2xx with the invoice), or a clean refusal (503)
 *    of work it never accepted; a connection that failed was for a request B never accepted (its retry on A
 *    created the invoice: 201, not the 200 of a replay);
 *  - GET /readyz on B answered 503 after the signal and before B exited, and never 200 again;
 *  - B exited 0 within SHUTDOWN_TIMEOUT_SECONDS;
 *  - every accepted invoice was issued exactly once: one row per client serial (the id the client was
 *    answered with), all issued, one bureau invoice each, numbers gap-free.
 */
const TOTAL = 800;
const CONNECTIONS = 8;
const STOP_AT = TOTAL / 2;
const TIMEOUT_SECONDS = 20;

interface Attempt {
  serial: string;
  port: number;
  at: number;
  /** ok: 2xx with the invoice; refused: 503 before acceptance; transport: no HTTP answer; wrong: anything else. */
  kind: 'ok' | 'refused' | 'transport' | 'wrong';
  status?: number;
  detail?: string;
}

describe.runIf(fleetAvailable)('SIGTERM to one of two instances under load', () => {
  const fleet = new Fleet('fsd');
  afterAll(() => fleet.cleanup());

  it('answers what it accepted, turns unready, exits 0; every invoice issued exactly once', async () => {
    await fleet.createDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    // Started together (the setup lock lets both through). B keeps serving 1 s after readiness turns false,
    // so a balancer probing /readyz — here the test — sees the 503 before connections are refused.
    const a = fleet.spawn(portA);
    const b = fleet.spawn(portB, {
      SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      SHUTDOWN_DELAY_SECONDS: '1',
    });
    await Promise.all([fleet.waitReady(a), fleet.waitReady(b)]);
    const token = await login(a.url, 'demo', DEMO_USERS.demo);
    expect(token).toBeTruthy();

    const attempts: Attempt[] = [];
    const answered = new Map<string, number>();
    const serialOf = (i: number) => `SD-${i}`;
    const send = async (port: number, serial: string): Promise<Attempt & { id?: number }> => {
      const at = Date.now();
      let res: Response;
      try {
        res = await fetch(`${base(port)}/api/billing/v1/invoices`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: invoiceBody(serial),
          signal: AbortSignal.timeout(20_000),
        });
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        return { serial, port, at, kind: 'transport', detail: cause?.code ?? cause?.message ?? String(err) };
      }
      const text = await res.text().catch((e: Error) => `<body cut: ${e.message}>`);
      let json: { id?: number; clientSerial?: string; status?: string } = {};
      try {
        json = JSON.parse(text);
      } catch {}
      const complete = typeof json.id === 'number' && json.clientSerial === serial && !!json.status;
      if ((res.status === 200 || res.status === 201) && complete)
        return { serial, port, at, kind: 'ok', status: res.status, id: json.id };
      if (res.status === 503) return { serial, port, at, kind: 'refused', status: 503, detail: text };
      return { serial, port, at, kind: 'wrong', status: res.status, detail: text.slice(0, 300) };
    };

    // B's readiness as a balancer sees it, until B is gone.
    const probes: { at: number; status: number | 'down' }[] = [];
    let bGone = false;
    const poller = (async () => {
      while (!bGone) {
        const status = await fetch(`${base(portB)}/readyz`, { signal: AbortSignal.timeout(2000) })
          .then((r) => r.status)
          .catch(() => 'down' as const);
        probes.push({ at: Date.now(), status });
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const bExit = b.exited.then((e) => {
      bGone = true;
      return e;
    });

    let next = 0;
    let sigAt = 0;
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= TOTAL) return;
        if (i === STOP_AT) {
          sigAt = Date.now();
          b.proc.kill('SIGTERM');
        }
        const serial = serialOf(i);
        // Round robin by serial (a worker's own index would line up with the serials it draws and send every
        // request to one instance); a refused or failed send goes to the other instance with the same serial — the retry a
        // client (or nginx's proxy_next_upstream) makes, which must never create a second invoice.
        for (let attempt = 0; ; attempt++) {
          const r = await send([portA, portB][(i + attempt) % 2], serial);
          attempts.push(r);
          if (r.kind === 'ok') {
            answered.set(serial, r.id as number);
            break;
          }
          if (r.kind === 'wrong' || attempt > 40) throw new Error(`${serial}: ${JSON.stringify(r)}`);
          await new Promise((res) => setTimeout(res, 20));
        }
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, () => worker()));
    const acceptedMs = Date.now() - started;
    const exit = await bExit;
    await poller;

    // B exited on its own, cleanly and in time.
    expect(sigAt).toBeGreaterThan(0);
    expect(exit.code, b.log.join('')).toBe(0);
    const stopMs = exit.at - sigAt;
    expect(stopMs).toBeLessThan(TIMEOUT_SECONDS * 1000);
    expect(b.log.join('')).toMatch(/stopped cleanly in/);
    expect(a.proc.exitCode).toBeNull();

    // Readiness went false after the signal, before the exit, and stayed false.
    const firstUnready = probes.find((p) => p.at >= sigAt && p.status === 503);
    expect(firstUnready, JSON.stringify(probes.slice(-20))).toBeDefined();
    expect(firstUnready!.at).toBeLessThan(exit.at);
    expect(probes.filter((p) => p.at > firstUnready!.at && p.status === 200)).toEqual([]);

    // Every HTTP answer from B was a complete invoice or a clean refusal; nothing else from anyone.
    const fromB = attempts.filter((x) => x.port === portB);
    expect(attempts.filter((x) => x.kind === 'wrong')).toEqual([]);
    // A request B refused or dropped was never accepted by it: the retry created the invoice (201), where a
    // replay of something B had stored would answer 200.
    const lostAnswers: string[] = [];
    const failedOnB = new Set(fromB.filter((x) => x.kind !== 'ok').map((x) => x.serial));
    for (const serial of failedOnB) {
      const mine = attempts.filter((x) => x.serial === serial);
      const firstFail = mine.findIndex((x) => x.port === portB && x.kind !== 'ok');
      const earlierOnA = mine.slice(0, firstFail).some((x) => x.port === portA);
      const success = mine.find((x) => x.kind === 'ok');
      if (!earlierOnA && success?.status !== 201) lostAnswers.push(`${serial}: ${JSON.stringify(mine)}`);
    }
    expect(lostAnswers).toEqual([]);
    // No request B answered before the signal failed, and A never failed.
    expect(fromB.filter((x) => x.at < sigAt && x.kind !== 'ok')).toEqual([]);
    expect(attempts.filter((x) => x.port === portA && x.kind !== 'ok')).toEqual([]);
    expect(answered.size).toBe(TOTAL);

    const db = await fleet.db();
    try {
      const unissuedAtExit = Number(
        (
          await db.query(
            `SELECT count(*) AS n FROM invoices WHERE client_serial LIKE 'SD-%' AND status <> 'issued'`,
          )
        ).rows[0].n,
      );
      await waitAllIssued(db, 'SD-', () => `A: ${a.log.join('')}`);
      const rows = await invoiceRows(db, 'SD-');
      // Exactly once: one row per serial, the one the client was answered with, issued, one number each.
      expect(rows).toHaveLength(TOTAL);
      expect(new Set(rows.map((r) => r.client_serial)).size).toBe(TOTAL);
      for (const r of rows) expect(Number(r.id), r.client_serial).toBe(answered.get(r.client_serial));
      expect(rows.every((r) => r.status === 'issued')).toBe(true);
      expect(new Set(rows.map((r) => r.number)).size).toBe(TOTAL);
      const issuedEvents = (
        await db.query(
          `SELECT e.invoice_id, count(*)::int AS n FROM invoice_events e JOIN invoices i ON i.id = e.invoice_id
            WHERE i.client_serial LIKE 'SD-%' AND e.to_status = 'issued' GROUP BY e.invoice_id`,
        )
      ).rows as { n: number }[];
      expect(issuedEvents).toHaveLength(TOTAL);
      expect(issuedEvents.every((e) => e.n === 1)).toBe(true);
      // The bureau saw each invoice once (no job ran twice), and the numbers are exactly 1..TOTAL.
      const bureau = await sandboxNumbers(db, rows[0].seller_credit_code);
      expect(bureau).toEqual({ n: TOTAL, d: TOTAL, lo: 1, hi: TOTAL, seq: TOTAL });

      const count = (pred: (x: Attempt) => boolean) => fromB.filter(pred).length;
      console.log(
        `fleet shutdown: ${TOTAL} invoices accepted in ${(acceptedMs / 1000).toFixed(1)} s over ${CONNECTIONS} ` +
          `connections; B answered ${count((x) => x.kind === 'ok')} (${count((x) => x.kind === 'ok' && x.at >= sigAt)} ` +
          `after SIGTERM), refused ${count((x) => x.kind === 'refused')} with 503, ` +
          `${count((x) => x.kind === 'transport')} sends found B closed ` +
          `(${[...new Set(fromB.filter((x) => x.kind === 'transport').map((x) => x.detail))].join(', ') || '-'}); ` +
          `0 answers lost; /readyz 503 ${firstUnready!.at - sigAt} ms after SIGTERM ` +
          `(${probes.filter((p) => p.status === 503).length} probes), B exited 0 after ${(stopMs / 1000).toFixed(1)} s; ` +
          `${unissuedAtExit} invoices still to issue when B was gone, all ${TOTAL} issued once, numbers 1..${TOTAL}`,
      );
    } finally {
      await db.end();
    }
  }, 180_000);
});
