// npm run bench: starts the real server and prints the figures the issues ask for. Targets are printed
// beside each figure; a benchmark informs, it does not fail the build.
import { spawnSync } from 'node:child_process';
import { measureScripts } from './bundle-size.ts';
import { load } from './load.ts';
import { startServer } from './server-process.ts';

const build = spawnSync('node', ['scripts/ensure-web-build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const line = (name: string, value: string, target = '') =>
  console.log(`${name.padEnd(44)} ${value.padEnd(34)} ${target}`);

const server = await startServer(9790);
try {
  const token = await server.login('demo', 'Demo@123');
  // Warm the caches the way a console session does.
  for (let i = 0; i < 200; i++)
    await fetch(`${server.url}/api/admin/user/front/info`, { headers: { authorization: `Bearer ${token}` } });

  console.log('\n发票云 benchmark (embedded PGlite, 2-core machine)\n');
  const info = await load({
    url: `${server.url}/api/admin/user/front/info`,
    headers: { authorization: `Bearer ${token}` },
  });
  line(
    'GET /api/admin/user/front/info @50 conns',
    `${info.requestsPerSecond} req/s, p50 ${info.p50} ms, p99 ${info.p99} ms`,
    'target ≥ 3000 req/s, p99 < 25 ms',
  );
  if (info.non2xx || info.errors) line('  non-2xx / errors', `${info.non2xx} / ${info.errors}`);

  const body = new URLSearchParams({
    username: 'demo',
    password: server.encrypt('Demo@123'),
    grant_type: 'password',
  }).toString();
  const tok = await load({
    url: `${server.url}/api/auth/oauth/token`,
    method: 'POST',
    connections: 8,
    duration: 8,
    headers: {
      authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  line(
    'POST /api/auth/oauth/token @8 conns',
    `${tok.requestsPerSecond} tokens/s, p50 ${tok.p50} ms, p99 ${tok.p99} ms`,
    '(scrypt N=16384 per login)',
  );
  if (tok.non2xx || tok.errors) line('  non-2xx / errors', `${tok.non2xx} / ${tok.errors}`);

  const sizes = await measureScripts(server.url, await server.login('demo', 'Demo@123'));
  line(
    'JavaScript loaded by /login (gzip)',
    `${sizes.login.gzipKB} KB in ${sizes.login.files} files (${sizes.login.rawKB} KB raw)`,
    'target ≤ 250 KB',
  );
  line(
    'JavaScript of the console shell (gzip)',
    `${sizes.shell.gzipKB} KB in ${sizes.shell.files} files (${sizes.shell.rawKB} KB raw)`,
    'target ≤ 600 KB',
  );
} finally {
  await server.stop();
}
