// Issue 14 §2: issued → PDF downloadable, p99, while issuing runs at 1,000 invoices/s on PostgreSQL.
// The real server on a fresh PostgreSQL database; autocannon offers POST /api/billing/v1/invoices at a fixed
// overall rate (BENCH_PDF_RATE, default 1000/s) for BENCH_PDF_SECONDS (default 10). Meanwhile a sampler
// creates its own invoices (BENCH_PDF_SAMPLES_PER_S, default 20/s), watches their status in the database every
// 20 ms, and as soon as one is 已开具 downloads its PDF as a user would (GET …/files/pdf, retried until 200).
// Availability = download complete − the issued transition (its invoice_events row, written in the same
// transaction as the status). Issue jobs yield to a saturated API, so on a small machine most invoices are
// issued as the backlog drains after the load: the figures cover the window the samples were issued in (first
// to last), with the issuing rate in that window. The database also says how far the background renders got
// meanwhile: PDFs stored per second, and how many of the other invoices issued then still had none.
// Standalone: node --import tsx scripts/bench/pdf-availability.ts
import autocannon from 'autocannon';
import pg from 'pg';
import { fiveLineInvoice } from './issuing.ts';
import { freshDatabase, pgReachable } from './pg-admin.ts';
import { startServer } from './server-process.ts';

const RATE = Number(process.env.BENCH_PDF_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_PDF_SECONDS ?? 10);
const SAMPLES_PER_S = Number(process.env.BENCH_PDF_SAMPLES_PER_S ?? 20);
const CONNECTIONS = Number(process.env.BENCH_ISSUE_CONNECTIONS ?? 32);
const INVOICES = '/api/billing/v1/invoices';

export interface PdfAvailability {
  offered: number;
  /** Invoices accepted (201) per second over the run. */
  accepted: number;
  /** Invoices that reached 已开具 per second while the samples were (first to last sample issued). */
  issued: number;
  windowSeconds: number;
  samples: number;
  /** Sampled invoices not issued within a minute of the end (not counted). */
  unissued: number;
  /** Sampled invoices whose PDF did not download within a minute (not counted). */
  failedDownloads: number;
  /** Issued → PDF downloaded, ms. */
  p50: number;
  p99: number;
  max: number;
  /** Status seen issued by the sampler → PDF downloaded (the download's own time), ms. */
  downloadP99: number;
  /** PDFs stored per second in that window (background renders and downloads). */
  renderedPerSecond: number;
  /** Invoices issued in the window (samples apart), and how many of them had no PDF yet at the end. */
  issuedInWindow: number;
  backlog: number;
  /** Issued → PDF stored by the background job, for those of them it had rendered by the end, ms. */
  backgroundP50: number | null;
  backgroundP99: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
/** Progress on stderr (BENCH_VERBOSE=1): the phases of a run on a loaded machine take a while. */
const log = (msg: string) => {
  if (process.env.BENCH_VERBOSE === '1')
    console.error(`[pdf-availability +${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}`);
};
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((s.length * p) / 100) - 1)];
};

let seq = 0;

export async function benchPdfAvailability(port: number): Promise<PdfAvailability | null> {
  if (!(await pgReachable())) return null;
  const db = await freshDatabase(`bench_${process.pid}_pdf`);
  log('starting the server');
  const server = await startServer(port, { DATABASE_URL: db.url }).catch(async (err) => {
    await db.drop();
    throw err;
  });
  const c = new pg.Client({ connectionString: db.url });
  try {
    await c.connect();
    const token = await server.login('demo', 'Demo@123');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const load = (duration: number, rate: number) =>
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration,
        overallRate: rate,
        requests: [
          {
            method: 'POST',
            path: INVOICES,
            headers,
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify(fiveLineInvoice(`PDFAV-${process.pid}-${++seq}`)),
            }),
          },
        ],
      });
    // Warm the JIT, the caches and the render threads; the figures measure steady state.
    log('server up; warming');
    await load(3, Math.min(RATE, 300));
    await sleep(2000);
    log('measuring');
    const until = Date.now() + SECONDS * 1000;

    const pending = new Map<number, true>();
    const fromIssued: number[] = [];
    const fromSeen: number[] = [];
    const downloads: Promise<void>[] = [];
    let failedDownloads = 0;
    const download = async (id: number, issuedAt: number, seen: number) => {
      for (;;) {
        const res = await fetch(`${server.url}${INVOICES}/${id}/files/pdf`, { headers });
        const body = new Uint8Array(await res.arrayBuffer());
        if (res.status === 200 && body.length > 0) break;
        if (Date.now() - seen > 60_000) {
          failedDownloads++;
          log(`invoice ${id}: no PDF after 60 s (last answer ${res.status})`);
          return;
        }
        await sleep(20);
      }
      const now = Date.now();
      fromIssued.push(now - issuedAt);
      fromSeen.push(now - seen);
    };
    const creator = (async () => {
      while (Date.now() < until) {
        const res = await fetch(`${server.url}${INVOICES}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(fiveLineInvoice(`PDFAV-S-${process.pid}-${++seq}`)),
        });
        if (res.status === 201) pending.set(((await res.json()) as { id: number }).id, true);
        await sleep(1000 / SAMPLES_PER_S);
      }
    })();
    let samples = 0;
    const issuedTimes: number[] = [];
    const sampledIds: number[] = [];
    const watcher = (async () => {
      while (Date.now() < until || pending.size > 0) {
        if (Date.now() > until + 60_000) break;
        if (pending.size > 0) {
          const { rows } = await c.query<{ id: number; status: string; at: Date | null }>(
            `select i.id, i.status, e.at at from invoices i
               left join invoice_events e on e.invoice_id = i.id and e.to_status = 'issued'
              where i.id = any($1) and i.status not in ('draft', 'ready', 'issuing')`,
            [[...pending.keys()]],
          );
          const seen = Date.now();
          for (const r of rows) {
            pending.delete(r.id);
            if (r.status !== 'issued' || !r.at) continue;
            samples++;
            issuedTimes.push(r.at.getTime());
            sampledIds.push(r.id);
            downloads.push(download(r.id, r.at.getTime(), seen));
          }
        }
        await sleep(20);
      }
    })();
    // A failure in the sampler surfaces after the load, not as an unhandled rejection that orphans the server.
    const failures = Promise.all([creator, watcher]).then(
      () => null,
      (err: unknown) => err,
    );
    const r = await load(SECONDS, RATE);
    log(`load stopped: ${Math.round(r.requests.average)} accepted/s; ${samples} samples issued so far`);
    const failed = await failures;
    if (failed) throw failed;
    log(`samples issued: ${samples}, still waiting: ${pending.size}; downloads pending`);
    await Promise.all(downloads);
    log('downloads done');
    // The window the samples were issued in: how fast invoices were issued and PDFs stored meanwhile, and how
    // long after issue the background job stored the others' PDFs (the sampled ones were downloaded first).
    const [from, to] = [new Date(Math.min(...issuedTimes)), new Date(Math.max(...issuedTimes))];
    const seconds = Math.max(0.001, (to.getTime() - from.getTime()) / 1000);
    const counts = (
      await c.query<{ issued: string; stored: string }>(
        `select (select count(*) from invoice_events where to_status = 'issued' and at between $1 and $2) issued,
                (select count(*) from invoice_files where format = 'pdf' and created_at between $1 and $2) stored`,
        [from, to],
      )
    ).rows[0];
    const lags = (
      await c.query<{ ms: number | null }>(
        `select extract(epoch from (f.created_at - e.at)) * 1000 ms
           from invoice_events e left join invoice_files f on f.invoice_id = e.invoice_id and f.format = 'pdf'
          where e.to_status = 'issued' and e.at between $1 and $2 and not (e.invoice_id = any($3))`,
        [from, to, sampledIds],
      )
    ).rows;
    const lag = lags.filter((x) => x.ms !== null).map((x) => Number(x.ms));
    return {
      offered: RATE,
      accepted: Math.round(r.requests.average),
      issued: Math.round(Number(counts.issued) / seconds),
      windowSeconds: Math.round(seconds * 10) / 10,
      samples,
      unissued: pending.size,
      failedDownloads,
      p50: pct(fromIssued, 50),
      p99: pct(fromIssued, 99),
      max: Math.max(...fromIssued),
      downloadP99: pct(fromSeen, 99),
      renderedPerSecond: Math.round(Number(counts.stored) / seconds),
      issuedInWindow: lags.length,
      backlog: lags.length - lag.length,
      backgroundP50: lag.length ? Math.round(pct(lag, 50)) : null,
      backgroundP99: lag.length ? Math.round(pct(lag, 99)) : null,
    };
  } finally {
    await c.end().catch(() => {});
    await server.stop();
    await db.drop();
  }
}

export function printPdfAvailability(r: PdfAvailability, line: (n: string, v: string, t?: string) => void) {
  line(
    `Issued → PDF downloadable (PostgreSQL, ${r.samples} samples)`,
    `p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms`,
    'target p99 ≤ 2000 ms at 1000 issued/s',
  );
  line(
    `  issuing (${r.offered}/s offered, samples over ${r.windowSeconds} s)`,
    `${r.accepted} accepted/s; meanwhile ${r.issued} issued/s`,
    '2 cores: API, PostgreSQL, renders share them',
  );
  line(
    '  the download itself (status seen → bytes), p99',
    `${r.downloadP99} ms`,
    'rendered on demand when missing',
  );
  line(
    '  PDFs stored meanwhile',
    `${r.renderedPerSecond}/s; ${r.backlog} of ${r.issuedInWindow} others issued not yet rendered`,
  );
  if (r.backgroundP50 !== null)
    line('  background job: issued → stored', `p50 ${r.backgroundP50} ms, p99 ${r.backgroundP99} ms`);
  if (r.unissued) line('  samples not issued within a minute', String(r.unissued));
  if (r.failedDownloads) line('  samples whose PDF did not download in a minute', String(r.failedDownloads));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchPdfAvailability(9797);
  const line = (name: string, value: string, target = '') =>
    console.log(`${name.padEnd(44)} ${value.padEnd(44)} ${target}`);
  if (r) printPdfAvailability(r, line);
  else line('Issued → PDF downloadable', 'skipped: PostgreSQL (127.0.0.1:5432) unreachable');
}
