// A flame graph (SVG) from folded stacks (`cpu-profile.ts --folded`): one box per frame, as wide as the time
// under it, roots at the bottom; hover a box for its name and share. Enough to compare a route before and after
// a change side by side without installing flamegraph.pl (issue 28 §10).
//
//   node --import tsx scripts/bench/flame-svg.ts <in.folded> <out.svg> [--title "…"] [--idle]
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

interface Frame {
  name: string;
  value: number;
  children: Map<string, Frame>;
}

const WIDTH = 1600;
const ROW = 17;
/** Boxes narrower than this are not drawn (their time still counts in their parents). */
const MIN_PX = 0.4;

/** The tree of folded stacks; `(idle)` and `(program)` roots are left out unless asked for. */
export function foldedTree(text: string, keepIdle = false): Frame {
  const root: Frame = { name: 'all', value: 0, children: new Map() };
  for (const line of text.split('\n')) {
    const cut = line.lastIndexOf(' ');
    if (cut <= 0) continue;
    const value = Number(line.slice(cut + 1));
    const frames = line.slice(0, cut).split(';');
    if (!keepIdle && /^\((idle|program)\)/.test(frames.at(-1) ?? '') && frames.length <= 2) continue;
    root.value += value;
    let node = root;
    for (const name of frames) {
      let child = node.children.get(name);
      if (!child) {
        child = { name, value: 0, children: new Map() };
        node.children.set(name, child);
      }
      child.value += value;
      node = child;
    }
  }
  return root;
}

const xmlText = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Warm colours by a hash of the name, so a frame keeps its colour between two graphs. */
function colour(name: string): string {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  const ours = name.includes('apps/') || name.includes('packages/');
  return ours
    ? `hsl(${200 + (h % 40)},70%,${60 + (h % 15)}%)`
    : `hsl(${10 + (h % 45)},85%,${58 + (h % 15)}%)`;
}

const depthOf = (f: Frame): number => 1 + Math.max(0, ...[...f.children.values()].map(depthOf));

export function flameSvg(root: Frame, title: string): string {
  const boxes: string[] = [];
  const scale = WIDTH / Math.max(root.value, 1);
  const height = depthOf(root) * ROW + 30;
  // The root at the bottom, callees above their callers.
  const walk = (f: Frame, x: number, level: number) => {
    const w = f.value * scale;
    if (w < MIN_PX) return;
    const y = height - 10 - (level + 1) * ROW;
    const share = ((100 * f.value) / Math.max(root.value, 1)).toFixed(1);
    const label = w > 40 ? f.name.slice(0, Math.floor(w / 6.5)) : '';
    boxes.push(
      `<g><title>${xmlText(f.name)} — ${share} %</title>` +
        `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${ROW - 1}" fill="${colour(f.name)}"/>` +
        (label ? `<text x="${(x + 3).toFixed(1)}" y="${y + 12}">${xmlText(label)}</text>` : '') +
        '</g>',
    );
    let cx = x;
    for (const c of [...f.children.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      walk(c, cx, level + 1);
      cx += c.value * scale;
    }
  };
  walk(root, 0, 0);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="monospace" font-size="11">`,
    `<text x="4" y="14" font-size="13">${xmlText(title)}</text>`,
    ...boxes,
    '</svg>',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { title: { type: 'string' }, idle: { type: 'boolean' } },
  });
  const [input, output] = positionals;
  if (!input || !output) throw new Error('usage: flame-svg.ts <in.folded> <out.svg> [--title …] [--idle]');
  const tree = foldedTree(readFileSync(input, 'utf8'), values.idle);
  writeFileSync(output, flameSvg(tree, values.title ?? input));
  console.log(`${output}: ${(tree.value / 1e6).toFixed(2)} s of samples drawn`);
}
