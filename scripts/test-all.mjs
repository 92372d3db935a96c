// npm test: everything CI proves. Independent parts run side by side (the grouping and why: scripts/README.md);
// each part's full output goes to test-results/<part>.log, the console gets a prefixed summary, a failed part's
// log excerpt, a table of wall times and the test totals.
// Any failed part fails the run. In CI a PostgreSQL or Redis that cannot be reached is a failure, never a skip.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { failureExcerpt, runPart } from './lib/parts.mjs';

const ci = !!process.env.CI;
/** TEST_SERIAL=1 runs the parts one after another, as before, e.g. to read one part's timing undisturbed. */
const serial = !!process.env.TEST_SERIAL;
const reports = 'test-results';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const runStarted = Date.now();

/** Vitest writes a JSON report beside its console output; the totals of all runs close the log. */
const jsonReport = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/${name}.json`,
];

function reachable(host, port) {
  return new Promise((res) => {
    const s = net.connect({ host, port, timeout: 2000 }, () => {
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

const results = [];
/** Runs lanes side by side; the parts of one lane run one after another. Resolves once all have finished. */
async function runLanes(lanes) {
  const flat = serial ? [lanes.flat()] : lanes;
  await Promise.all(
    flat.map(async (lane) => {
      for (const part of lane) results.push(await runPart({ ...part, dir: reports }));
    }),
  );
  return reportFailures();
}

/** Prints the log excerpt of every failed part so far; true when none failed. */
function reportFailures() {
  const failed = results.filter((r) => r.status !== 0);
  for (const f of failed) {
    console.log(`\n✖ ${f.title} failed — excerpt of ${f.logPath}:\n`);
    console.log(failureExcerpt(f.logPath));
  }
  return failed.length === 0;
}

function fail(message) {
  console.error(message);
  printTable();
  process.exit(1);
}

function printTable() {
  if (results.length === 0) return;
  const width = Math.max(...results.map((r) => r.title.length));
  console.log('\npart'.padEnd(width + 3) + 'wall');
  for (const r of results) {
    const mark = r.status === 0 ? '' : '  FAILED';
    console.log(`${r.title.padEnd(width + 2)}${r.seconds.toFixed(1).padStart(7)} s${mark}`);
  }
  const total = ((Date.now() - runStarted) / 1000).toFixed(1);
  console.log(`${'total (wall, parts overlap)'.padEnd(width + 2)}${total.padStart(7)} s`);
}

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pg = new URL(pgUrl);
const [pgUp, redisUp] = await Promise.all([
  reachable(pg.hostname, Number(pg.port || 5432)),
  reachable('127.0.0.1', 6379),
]);
if (ci && !pgUp) fail(`PostgreSQL at ${pg.host} is not reachable: in CI the PostgreSQL suite must run.`);
if (ci && !redisUp) fail('Redis at 127.0.0.1:6379 is not reachable: in CI the Redis-backed tests must run.');
if (!pgUp)
  console.warn(`! PostgreSQL at ${pg.host} not reachable: PostgreSQL suite skipped (a failure in CI).`);
const redisEnv = redisUp ? { TEST_REDIS_URL: 'redis://127.0.0.1:6379' } : {};

// Static checks and the console build: tsc is single-threaded, so the four share the 2 cores well.
const staticOk = await runLanes([
  [{ name: 'typecheck', title: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] }],
  [
    {
      name: 'typecheck-web',
      title: 'typecheck web',
      cmd: 'npx',
      args: ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit'],
    },
  ],
  [
    {
      name: 'typecheck-browser',
      title: 'typecheck browser tests',
      cmd: 'npx',
      args: ['tsc', '-p', 'tests/tsconfig.json', '--noEmit'],
    },
    { name: 'lint', title: 'lint', cmd: 'npx', args: ['biome', 'check', '.'] },
  ],
  // Built once per run here; scripts/browser-tests.mjs then finds it current and never rebuilds.
  [{ name: 'web-build', title: 'build web console', cmd: 'node', args: ['scripts/ensure-web-build.mjs'] }],
]);
if (!staticOk) fail('\nStatic checks failed: tests not run.');

const pgliteTests = {
  name: 'pglite',
  title: 'unit + API tests on PGlite',
  cmd: 'npx',
  args: [
    'vitest',
    'run',
    '--project',
    'unit',
    '--project',
    'api',
    '--project',
    'api-isolated',
    ...jsonReport('pglite'),
  ],
  env: redisEnv,
};
const postgresTests = {
  name: 'postgres',
  title: 'API tests on PostgreSQL',
  cmd: 'npx',
  args: ['vitest', 'run', '--project', 'api', '--project', 'api-isolated', ...jsonReport('postgres')],
  // Half the attack walk's fuzz samples here: the walk's full fuzz runs on PGlite (the same PostgreSQL parser and
  // types), and on a 2-core machine its second full run was the longest file of this lane.
  env: { TEST_DB: 'pg', TEST_DATABASE_URL: pgUrl, ATTACK_SAMPLES: '4', ...redisEnv },
};
const browserTests = {
  name: 'browser',
  title: 'browser tests',
  cmd: 'node',
  args: ['scripts/browser-tests.mjs'],
  env: { VITEST_EXTRA_ARGS: jsonReport('browser').join(' ') },
};
// The three test lanes start together. The browser tests wait on the page and the server much of the time, and
// run after the API lanes they were a tail of about 12 minutes with one core idle; beside them they fill the gaps.
async function runTests() {
  if (serial || !pgUp)
    return runLanes(pgUp ? [[pgliteTests], [postgresTests, browserTests]] : [[pgliteTests], [browserTests]]);
  return runLanes([[pgliteTests], [postgresTests], [browserTests]]);
}
const testsOk = await runTests();

let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ['pglite', 'postgres', 'browser']) {
  const file = `${reports}/${name}.json`;
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
printTable();
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (!testsOk || failed > 0 || passed === 0) process.exit(1);
