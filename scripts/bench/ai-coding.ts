// AI-assisted coding quality and speed. Accuracy on the independent labelled sets (ai-coding-labelled/test.csv
// is the headline and is FROZEN: only its aggregate top-1/top-3 is ever printed, never a name or a miss;
// tune.csv may be tuned on), on the old evaluation and dev sets, names coded per second in process, the same
// THROUGH THE HTTP BATCH ENDPOINT (upload → background job → poll, on an in-memory PGlite), and the p95 of
// a tree search over the full table.
import { constants, publicEncrypt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { openDb } from '@fpy/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { Coder } from '../../apps/server/src/modules/sales/ai-coding/coder.ts';
import { Catalog } from '../../apps/server/src/modules/sales/tax-codes/catalog.ts';
import { referenceRows } from '../../apps/server/src/modules/sales/tax-codes/reference.ts';
import { aliasMap } from '../../apps/server/src/modules/sales/tax-codes/store.ts';
import { csvRecords } from '../../apps/server/src/modules/sales/tax-codes/table-file.ts';

const reference = (file: string) => new URL(`../../packages/db/reference/${file}`, import.meta.url);

export type LabelledFile =
  | 'ai-coding-eval.csv'
  | 'ai-coding-dev.csv'
  | 'ai-coding-labelled/tune.csv'
  | 'ai-coding-labelled/test.csv'
  | 'ai-coding-labelled/holdout.csv';

/**
 * name,code,code_name[,group] rows of a labelled set ([] when the file is not there yet). `code` may list several
 * defensible leaves separated by `|` (holdout.csv, probe lists): an answer is right when it is any of them.
 */
export function labelledSet(file: LabelledFile) {
  if (!existsSync(reference(file))) return [];
  return csvRecords(readFileSync(reference(file), 'utf8'))
    .slice(1)
    .map(({ fields }) => ({ name: fields[0], code: fields[1], group: fields[3] ?? '' }));
}

export interface Accuracy {
  n: number;
  top1: number;
  top3: number;
  /** Share of names flagged lowConfidence, and top-1 accuracy among flagged and unflagged names. */
  flagged: number;
  flaggedTop1: number;
  unflaggedTop1: number;
  /** Mean confidence of the top answer (calibrated: should be close to top1). */
  meanConfidence: number;
  /** The 需复核 flag as a detector of top-1 misses: share of misses flagged (recall), of flagged that miss (precision). */
  flagRecall: number;
  flagPrecision: number;
}

export function accuracy(
  coder: Coder,
  set: { name: string; code: string }[],
): Accuracy & { misses: string[] } {
  let top1 = 0;
  let top3 = 0;
  let flagged = 0;
  let flaggedRight = 0;
  let unflaggedRight = 0;
  let confidence = 0;
  const misses: string[] = [];
  for (const { name, code } of set) {
    const r = coder.suggest(name);
    const codes = r.suggestions.map((s) => s.code);
    const wanted = code.split('|');
    const right = wanted.includes(codes[0]);
    if (right) top1++;
    if (codes.some((c) => wanted.includes(c))) top3++;
    else misses.push(`${name} → ${codes[0] ?? '-'} (want ${code})`);
    confidence += r.suggestions[0]?.confidence ?? 0;
    if (r.lowConfidence) {
      flagged++;
      if (right) flaggedRight++;
    } else if (right) unflaggedRight++;
  }
  const n = Math.max(1, set.length);
  const pct = (x: number, of = n) => Math.round((x / Math.max(1, of)) * 1000) / 10;
  return {
    n: set.length,
    top1: pct(top1),
    top3: pct(top3),
    flagged: pct(flagged),
    flaggedTop1: pct(flaggedRight, flagged),
    unflaggedTop1: pct(unflaggedRight, set.length - flagged),
    meanConfidence: pct(confidence),
    flagRecall: pct(flagged - flaggedRight, set.length - top1),
    flagPrecision: pct(flagged - flaggedRight, flagged),
    misses,
  };
}

const SEARCHES = [
  'bjbdn',
  '笔记本',
  '1090509',
  '餐饮',
  '软件',
  'jsj',
  '咨询服务',
  '109',
  '大米',
  'cyfw',
  '运输',
  '手机',
];

/** Names for the speed runs: every labelled name except test.csv's, repeated up to `count`. */
function speedNames(count: number): string[] {
  const pool = [
    ...labelledSet('ai-coding-eval.csv'),
    ...labelledSet('ai-coding-dev.csv'),
    ...labelledSet('ai-coding-labelled/tune.csv'),
  ].map((r) => r.name);
  return Array.from({ length: count }, (_, i) => pool[i % pool.length]);
}

/**
 * Names per second through POST batchAiCoding: an xlsx of `count` names is uploaded, the background job
 * codes them, and batchAiCodingResult is polled until done. Measured from the upload to the finished result.
 */
export async function benchBatchHttp(
  count = 5000,
): Promise<{ names: number; seconds: number; namesPerSecond: number }> {
  const handle = await openDb({ dataDir: 'memory://' });
  await handle.migrate();
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const built = await buildApp(config, {
    dbHandle: handle,
    logger: false,
    rateLimits: { perIpPerMinute: 100_000, perAccountPerMinute: 100_000 },
  });
  try {
    const { app } = built;
    const pk = (await app.inject({ url: '/api/auth/publicKey' })).json().publicKey as string;
    const password = publicEncrypt(
      { key: pk, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from('Demo@123', 'utf8'),
    ).toString('base64');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: {
        authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ username: 'demo', password, grant_type: 'password' }).toString(),
    });
    const auth = { authorization: `Bearer ${login.json().access_token}` };
    const BASE = '/api/billing/v1/userCommodityCode';
    // Warm the table and the coder (first use loads the reference table into the database).
    await app.inject({ url: `${BASE}/aiCoding?name=${encodeURIComponent('笔记本电脑')}`, headers: auth });

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['商品名称']);
    for (const n of speedNames(count)) ws.addRow([n]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = `----bench${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="names.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const t0 = performance.now();
    const up = await app.inject({
      method: 'POST',
      url: `${BASE}/batchAiCoding`,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (up.statusCode !== 200) throw new Error(`batch upload failed: ${up.statusCode} ${up.body}`);
    const { jobId } = up.json();

    for (;;) {
      const r = await app.inject({
        method: 'POST',
        url: `${BASE}/batchAiCodingResult`,
        headers: auth,
        payload: { jobId },
      });
      const body = r.json();
      if (body.status === 'done') {
        if (body.rows.length !== count) throw new Error(`batch returned ${body.rows.length} rows`);
        break;
      }
      if (body.status === 'failed') throw new Error(`batch failed: ${body.error}`);
      await new Promise((res) => setTimeout(res, 20));
    }
    const seconds = (performance.now() - t0) / 1000;
    return {
      names: count,
      seconds: Math.round(seconds * 100) / 100,
      namesPerSecond: Math.round(count / seconds),
    };
  } finally {
    await built.close();
    await handle.close().catch(() => {});
  }
}

export async function benchAiCoding() {
  const catalog = new Catalog(referenceRows(), 0, aliasMap());
  const coder = new Coder(catalog);
  const strip = ({ misses: _m, ...rest }: Accuracy & { misses: string[] }) => rest;
  const test = strip(accuracy(coder, labelledSet('ai-coding-labelled/test.csv')));
  const holdout = holdoutAccuracy(coder);
  const tune = strip(accuracy(coder, labelledSet('ai-coding-labelled/tune.csv')));
  const evaluation = strip(accuracy(coder, labelledSet('ai-coding-eval.csv')));
  const dev = strip(accuracy(coder, labelledSet('ai-coding-dev.csv')));

  const names = speedNames(2000);
  for (const n of names) coder.suggest(n); // warm the JIT
  const t0 = performance.now();
  for (const n of names) coder.suggest(n);
  const namesPerSecond = Math.round(names.length / ((performance.now() - t0) / 1000));

  const times: number[] = [];
  for (let round = 0; round < 20; round++)
    for (const q of SEARCHES) {
      const t = performance.now();
      catalog.search(q);
      times.push(performance.now() - t);
    }
  times.sort((a, b) => a - b);
  const treeSearchP95Ms = Math.round(times[Math.floor(times.length * 0.95)] * 100) / 100;

  // The HTTP figure needs the whole app; if it cannot start, say so rather than lose the accuracy figures.
  const http = await benchBatchHttp(5000).catch((err: Error) => ({ error: err.message }));
  return {
    test,
    holdout,
    tune,
    top1: evaluation.top1,
    top3: evaluation.top3,
    devTop1: dev.top1,
    devTop3: dev.top3,
    namesPerSecond,
    httpBatch: http,
    treeSearchP95Ms,
  };
}

/**
 * holdout.csv (frozen, never tuned on): the aggregate and each group's top-1/top-3, never a name or a miss.
 */
export function holdoutAccuracy(coder: Coder) {
  const set = labelledSet('ai-coding-labelled/holdout.csv');
  const { misses: _m, ...all } = accuracy(coder, set);
  const groups: Record<string, { n: number; top1: number; top3: number }> = {};
  for (const group of [...new Set(set.map((r) => r.group))]) {
    const a = accuracy(
      coder,
      set.filter((r) => r.group === group),
    );
    groups[group] = { n: a.n, top1: a.top1, top3: a.top3 };
  }
  return { ...all, groups };
}

/** name,code rows of a probe list (scripts/bench/ai-coding-probes/*.csv, or any path). */
export function probeSet(file: string) {
  return csvRecords(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''))
    .slice(1)
    .map(({ fields }) => ({ name: fields[0]?.trim(), code: fields[1]?.trim() }))
    .filter((r) => r.name && r.code);
}

/**
 * `--probe <file> [--probe <file> …]`: top-1/top-3 and the misses of each probe list, then tune.csv's
 * aggregate, without the speed runs (a quick loop while tuning). `--quiet` leaves out the misses.
 */
function runProbes(files: string[]) {
  const coder = new Coder(new Catalog(referenceRows(), 0, aliasMap()));
  const quiet = process.argv.includes('--quiet');
  let n = 0;
  let t1 = 0;
  let t3 = 0;
  for (const file of files) {
    const set = probeSet(file);
    const a = accuracy(coder, set);
    n += a.n;
    t1 += (a.top1 * a.n) / 100;
    t3 += (a.top3 * a.n) / 100;
    console.log(`${file}: n=${a.n} top1 ${a.top1} top3 ${a.top3}`);
    if (quiet) continue;
    // Top-1 misses that are still in the top 3 are shown too (marked ~), so both figures can be worked on.
    for (const { name, code } of set) {
      const codes = coder.suggest(name).suggestions.map((s) => s.code);
      const wanted = code.split('|');
      if (!wanted.includes(codes[0]))
        console.log(
          `  ${codes.some((c) => wanted.includes(c)) ? '~' : 'x'} ${name} → ${codes.join(' ')} (want ${code})`,
        );
    }
  }
  const pct = (x: number) => Math.round((x / Math.max(1, n)) * 1000) / 10;
  if (files.length > 1) console.log(`all probes: n=${n} top1 ${pct(t1)} top3 ${pct(t3)}`);
  const tune = accuracy(coder, labelledSet('ai-coding-labelled/tune.csv'));
  console.log(`tune.csv: n=${tune.n} top1 ${tune.top1} top3 ${tune.top3}`);
}

// `node --import tsx scripts/bench/ai-coding.ts [--misses [--eval]]` prints the figures on its own; misses
// are printed for tune.csv (default) or the old eval set, never for test.csv. `--probe <file>` (repeatable)
// prints only the probe lists' figures and misses and tune.csv's aggregate.
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--probe')) {
  runProbes(process.argv.flatMap((a, i) => (process.argv[i - 1] === '--probe' ? [a] : [])));
  process.exit(0);
}
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchAiCoding(), null, 2));
  if (process.argv.includes('--misses')) {
    const coder = new Coder(new Catalog(referenceRows(), 0, aliasMap()));
    const set: LabelledFile = process.argv.includes('--eval')
      ? 'ai-coding-eval.csv'
      : 'ai-coding-labelled/tune.csv';
    for (const m of accuracy(coder, labelledSet(set)).misses) console.log(m);
  }
  process.exit(0);
}
