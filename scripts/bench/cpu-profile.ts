// Summarises a V8 .cpuprofile (node --cpu-prof; BENCH_CPU_PROF=<dir> on a bench server): the functions with the
// most self and total time, self time per package, and optionally the folded stacks a flame graph is drawn from
// (flamegraph.pl, speedscope.app or inferno read them; the .cpuprofile itself opens in Chrome DevTools).
//
//   node --import tsx scripts/bench/cpu-profile.ts <file.cpuprofile> [--top 25] [--folded out.folded]
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const shortUrl = (url: string) => {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) return path.slice(nm + 'node_modules/'.length);
  const src = path.search(/(apps|packages)\//);
  return src >= 0 ? path.slice(src) : path;
};
const frameName = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'}${f.url ? ` ${shortUrl(f.url)}:${f.lineNumber + 1}` : ''}`;
/** Where a frame's code lives: an npm package, a workspace folder, or node's own code. */
const packageOf = (f: CallFrame) => {
  const path = f.url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = path.match(/(apps\/[^/]+\/src\/[^/]+|packages\/[^/]+)/);
  if (src) return src[1];
  if (path.startsWith('node:')) return 'node:*';
  return f.url ? path : `(${f.functionName || 'native'})`;
};

export interface ProfileSummary {
  totalMs: number;
  self: [string, number][];
  total: [string, number][];
  packages: [string, number][];
  folded: string;
}

/** Self time per function, total time per function (each sample counted once per function on its stack). */
export function summarise(
  profile: CpuProfile,
  top = 25,
  /** Seconds from the profile's start: only samples in [from, to) count (a server's start is not the load). */
  window: { from?: number; to?: number } = {},
): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const packages = new Map<string, number>();
  const folded = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  let totalMs = 0;
  let at = 0;
  const from = (window.from ?? 0) * 1000;
  const to = (window.to ?? Number.POSITIVE_INFINITY) * 1000;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += ms;
    if (at < from || at >= to) return;
    totalMs += ms;
    const leaf = byId.get(id)!;
    add(self, frameName(leaf.callFrame), ms);
    add(packages, packageOf(leaf.callFrame), ms);
    const stack: string[] = [];
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const name = frameName(byId.get(n)!.callFrame);
      stack.push(name);
      if (!seen.has(name)) add(total, name, ms);
      seen.add(name);
    }
    add(folded, stack.reverse().join(';'), ms);
  });
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return {
    totalMs,
    self: sorted(self),
    total: sorted(total),
    packages: sorted(packages),
    // Folded stacks weigh in microseconds (integers, as the flame graph tools expect).
    folded: [...folded].map(([s, ms]) => `${s.replaceAll(' ', '_')} ${Math.round(ms * 1000)}`).join('\n'),
  };
}

function timeline(profile: CpuProfile): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const busy: number[] = [];
  let at = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += ms;
    const sec = Math.floor(at / 1000);
    busy[sec] = (busy[sec] ?? 0) + (byId.get(id)!.callFrame.functionName === '(idle)' ? 0 : ms);
  });
  return Array.from(busy, (ms, s) => `${s}s:${Math.round((ms ?? 0) / 10)}%`).join(' ');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '25' },
      folded: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      timeline: { type: 'boolean' },
    },
  });
  for (const file of positionals) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    // --timeline: busy (not idle) share of each second, to find the load's window for --from/--to.
    if (values.timeline) console.log(timeline(profile));
    const s = summarise(profile, Number(values.top), {
      from: values.from ? Number(values.from) : undefined,
      to: values.to ? Number(values.to) : undefined,
    });
    const pct = (ms: number) => `${((100 * ms) / s.totalMs).toFixed(1).padStart(5)} %`;
    console.log(`\n${file}: ${(s.totalMs / 1000).toFixed(1)} s sampled`);
    for (const [title, rows] of [
      ['self time by package', s.packages],
      ['self time by function', s.self],
      ['total time by function', s.total],
    ] as const) {
      console.log(`\n  ${title}`);
      for (const [name, ms] of rows) console.log(`  ${pct(ms)}  ${name}`);
    }
    if (values.folded) writeFileSync(values.folded, s.folded);
  }
}
