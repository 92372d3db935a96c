// Issue 28 §4: time to refuse an .xlsx bomb (about 1 MB that unpacks to 1 GiB; honest sizes, and sizes that lie)
// on every workbook import route, through HTTP on the running server (the API test asserts the 400s and memory).
// Standalone: node --import tsx scripts/bench/archive-bomb.ts (starts its own server on port 9794).
import { xlsxBomb } from '../../apps/server/test/lib/archive-bomb.ts';
import { type BenchServer, startServer } from './server-process.ts';

/** The workbook imports: users, commodities, 批量开具, AI coding in batch, customers, SMS lists. */
export const IMPORT_ROUTES = [
  '/api/admin/users/import',
  '/api/billing/v1/userCommodityCode/importInvoiceInfo',
  '/api/billing/v1/invoice-batches/upload',
  '/api/billing/v1/userCommodityCode/batchAiCoding',
  '/api/billing/v1/customers/import',
  '/api/admin/delivery/sms-controls/import',
];

type Line = (name: string, value: string, target?: string) => void;

async function post(server: BenchServer, token: string, path: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'bomb.xlsx');
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code, ms: performance.now() - started };
}

/** Per route and kind of bomb: the median of 3 refusals (after one warm-up), its answer. */
export async function printArchiveBomb(server: BenchServer, line: Line) {
  const tokens = [await server.login('demo', 'Demo@123'), await server.login('admin', 'Admin@123')];
  for (const kind of ['honest', 'lying'] as const) {
    const bomb = xlsxBomb(kind);
    for (const path of IMPORT_ROUTES) {
      // The company's administrator, or the platform's where the route is the platform's.
      let token = tokens[0];
      if ((await post(server, token, path, bomb)).status === 403) token = tokens[1];
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await post(server, token, path, bomb));
      const median = [...runs].sort((a, b) => a.ms - b.ms)[1];
      line(
        `time to refuse the bomb (${kind}) ${path.replace(/^\/api\//, '')}`,
        `${median.ms.toFixed(1)} ms → ${median.status} ${median.code ?? ''}`,
        'target: 400 at once, before unpacking',
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // A loaded machine may take minutes to start the server; the figure is the refusal, not the start.
  const server = await startServer(9794, {}, 600_000);
  try {
    await printArchiveBomb(server, (name, value, target = '') =>
      console.log(`${name.padEnd(64)} ${value.padEnd(34)} ${target}`),
    );
  } finally {
    await server.stop();
  }
}
