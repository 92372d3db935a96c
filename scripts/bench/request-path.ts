// The shared request path measured against an older commit in one run (issue 28 §10): the same two routes on
// this checkout and on the baseline, each server on its own fresh embedded database and port, in alternating
// rounds, so that a slowdown shows as a ratio before it lands.
//
//   BENCH_BASELINE=d1bc732 npm run bench -- --only request-path
//   node --import tsx scripts/bench/request-path.ts --baseline d1bc732 --rounds 3 --seconds 8 --routes calculate
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareBaseline } from './baseline.ts';
import { type LoadResult, load } from './load.ts';
import { type BenchServer, startServer } from './server-process.ts';

// 20 lines, each at a rate its tax code allows (13 % equipment, 9 % rice, 6 % software development), so the
// body is valid for every version of the rate rules.
const LINE_KINDS = [
  { name: '*计算机外部设备*扫描仪', taxCode: '1090511020000000000', rate: 'rate_13' },
  { name: '*谷物*稻谷', taxCode: '1010101010000000000', rate: 'rate_9' },
  { name: '*生产生活服务*软件开发', taxCode: '3040201010000000000', rate: 'rate_6' },
];
export const CALC_DRAFT = {
  type: 'digital_special',
  pricingMode: 'exclusive',
  buyer: { name: '上海某某贸易有限公司', taxNumber: '91310115MA1K4GDM05' },
  lines: Array.from({ length: 20 }, (_, i) => ({
    ...LINE_KINDS[i % LINE_KINDS.length],
    quantity: String(1 + (i % 7)),
    unitPrice: `${(i + 1) * 37}.${String((i * 13) % 100).padStart(2, '0')}`,
  })),
};

interface RouteLoad {
  name: string;
  label: string;
  opts(server: BenchServer, token: string): Parameters<typeof load>[0];
}
export const ROUTES: RouteLoad[] = [
  {
    name: 'front-info',
    label: 'GET /api/admin/user/front/info',
    opts: (s, token) => ({
      url: `${s.url}/api/admin/user/front/info`,
      headers: { authorization: `Bearer ${token}` },
    }),
  },
  {
    name: 'calculate',
    label: 'POST /api/billing/v1/invoice/calculate (20 lines)',
    opts: (s, token) => ({
      url: `${s.url}/api/billing/v1/invoice/calculate`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(CALC_DRAFT),
    }),
  },
];

export interface RequestPathOptions {
  /** A git revision built beside this checkout (bench/baseline.ts); unset = this checkout only. */
  baseline?: string;
  rounds?: number;
  seconds?: number;
  connections?: number;
  /** Route names (ROUTES); unset = all. */
  routes?: string[];
  port?: number;
}

interface Side {
  name: string;
  server: BenchServer;
  token: string;
}

/**
 * CPU seconds a process has used (user + system, /proc on Linux; undefined elsewhere). On a shared machine the
 * CPU a request costs the server is steadier than requests per second, which also measure the neighbours.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return undefined;
  }
}

interface Measured extends LoadResult {
  /** Server CPU milliseconds per request, when /proc tells. */
  cpuMsPerRequest?: number;
}

async function measure(side: Side, opts: Parameters<typeof load>[0]): Promise<Measured> {
  const before = cpuSeconds(side.server.proc.pid);
  const started = performance.now();
  const res = await load(opts);
  const after = cpuSeconds(side.server.proc.pid);
  const requests = (res.requestsPerSecond * (performance.now() - started)) / 1000;
  return {
    ...res,
    cpuMsPerRequest:
      before === undefined || after === undefined || !requests
        ? undefined
        : ((after - before) * 1000) / requests,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const cpuText = (ms: number | undefined) =>
  ms === undefined || Number.isNaN(ms) ? 'CPU n/a' : `${(ms * 1000).toFixed(0)} µs CPU/req`;

type Line = (name: string, value: string, target?: string) => void;

/** Starts this checkout (and the baseline), then measures every route on each side, alternating per round. */
export async function benchRequestPath(o: RequestPathOptions, line: Line) {
  const { rounds = 3, seconds = 8, connections = 50, port = 9780 } = o;
  const routes = ROUTES.filter((r) => !o.routes?.length || o.routes.includes(r.name));
  const base = o.baseline ? prepareBaseline(o.baseline) : undefined;
  const sides: Side[] = [];
  try {
    for (const [i, [name, cwd]] of [
      ['main', undefined],
      ...(base ? [[base.sha.slice(0, 7), base.dir]] : []),
    ].entries()) {
      // Two servers starting together on a busy machine each take minutes to migrate and seed.
      const server = await startServer(port + i, {}, 300_000, { cwd, label: name });
      sides.push({ name: name as string, server, token: await server.login('demo', 'Demo@123') });
    }
    // Warm-up: the JIT and the per-token caches, the way a console session does.
    for (const side of sides)
      for (const r of routes) await load({ ...r.opts(side.server, side.token), duration: 3, connections });

    const results = new Map<string, Measured[]>();
    for (let round = 0; round < rounds; round++) {
      // The order flips every round: whoever runs second meets a warmer (or busier) machine.
      const order = round % 2 ? [...sides].reverse() : sides;
      for (const r of routes)
        for (const side of order) {
          const res = await measure(side, {
            ...r.opts(side.server, side.token),
            duration: seconds,
            connections,
          });
          const key = `${r.name} ${side.name}`;
          results.set(key, [...(results.get(key) ?? []), res]);
          line(
            `  round ${round + 1} ${r.name} ${side.name}`,
            `${res.requestsPerSecond} req/s, p99 ${res.p99} ms, ${cpuText(res.cpuMsPerRequest)}` +
              (res.non2xx || res.errors ? ` (non-2xx ${res.non2xx}, errors ${res.errors})` : ''),
          );
        }
    }

    console.log(
      `\nRequest path @${connections} conns, ${rounds} alternating rounds of ${seconds} s` +
        (base ? `, main vs ${base.sha.slice(0, 7)}` : ''),
    );
    for (const r of routes) {
      const per = (side: Side) => results.get(`${r.name} ${side.name}`) ?? [];
      const fmt = (xs: Measured[]) =>
        `${Math.round(median(xs.map((x) => x.requestsPerSecond)))} req/s, p99 ${median(xs.map((x) => x.p99))} ms, ` +
        cpuText(median(xs.map((x) => x.cpuMsPerRequest ?? Number.NaN)));
      for (const side of sides) line(`${r.label} [${side.name}]`, fmt(per(side)), 'median of rounds');
      if (sides.length === 2) {
        const ratios = per(sides[0]).map((x, i) => x.requestsPerSecond / per(sides[1])[i].requestsPerSecond);
        line(
          `  ratio main / ${sides[1].name}`,
          `${median(ratios).toFixed(2)}× (rounds ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
          'target ≥ 1.00',
        );
        // CPU per request, old over new: above 1 the new code costs less. Steadier than req/s on a busy machine.
        const cpu = per(sides[0]).map(
          (x, i) => (per(sides[1])[i].cpuMsPerRequest ?? Number.NaN) / (x.cpuMsPerRequest ?? Number.NaN),
        );
        if (cpu.every(Number.isFinite))
          line(
            `  CPU per request ${sides[1].name} / main`,
            `${median(cpu).toFixed(2)}× (rounds ${cpu.map((x) => x.toFixed(2)).join(', ')})`,
            'target ≥ 1.00',
          );
      }
    }
  } finally {
    for (const side of sides) await side.server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string', default: process.env.BENCH_BASELINE },
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '8' },
      connections: { type: 'string', default: '50' },
      routes: { type: 'string' },
    },
  });
  await benchRequestPath(
    {
      baseline: values.baseline || undefined,
      rounds: Number(values.rounds),
      seconds: Number(values.seconds),
      connections: Number(values.connections),
      routes: values.routes?.split(','),
    },
    (name, value, target = '') => console.log(`${name.padEnd(52)} ${value.padEnd(44)} ${target}`),
  );
}
