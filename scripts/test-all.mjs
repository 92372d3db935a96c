// npm test: everything CI proves, in order, stopping at the first failure.
// In CI a PostgreSQL or Redis that cannot be reached is a failure, never a skip.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';

const ci = !!process.env.CI;
const reports = 'test-results';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
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

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `  ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pg = new URL(pgUrl);
const pgUp = await reachable(pg.hostname, Number(pg.port || 5432));
const redisUp = await reachable('127.0.0.1', 6379);

run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('typecheck web', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit']);
run('typecheck browser tests', 'npx', ['tsc', '-p', 'tests/tsconfig.json', '--noEmit']);
run('lint', 'npx', ['biome', 'check', '.']);
run(
  'unit + API tests on PGlite',
  'npx',
  ['vitest', 'run', '--project', 'unit', '--project', 'api', ...jsonReport('pglite')],
  redisUp ? { TEST_REDIS_URL: 'redis://127.0.0.1:6379' } : {},
);
if (pgUp) {
  run('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api', ...jsonReport('postgres')], {
    TEST_DB: 'pg',
    TEST_DATABASE_URL: pgUrl,
    ...(redisUp ? { TEST_REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
  });
} else if (ci) {
  console.error(`PostgreSQL at ${pg.host} is not reachable: in CI the PostgreSQL suite must run.`);
  process.exit(1);
} else {
  console.warn(`\n! PostgreSQL at ${pg.host} not reachable: PostgreSQL suite skipped (a failure in CI).`);
}
if (ci && !redisUp) {
  console.error('Redis at 127.0.0.1:6379 is not reachable: in CI the Redis-backed tests must run.');
  process.exit(1);
}
run('browser tests', 'node', ['scripts/browser-tests.mjs'], {
  VITEST_EXTRA_ARGS: jsonReport('browser').join(' '),
});

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
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
