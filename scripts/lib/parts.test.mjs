import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureExcerpt, runPart } from './parts.mjs';

// Issue 13 §6: parts of `npm test` run side by side; each keeps its whole output in its own log, the console gets
// only prefixed summary lines, and a failing part's status reaches the run.
const dirs = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'fpy-parts-'));
  dirs.push(d);
  return d;
};

const script = (lines, code) =>
  `${lines.map((l) => `console.log(${JSON.stringify(l)});`).join('')}console.error('on stderr');process.exit(${code});`;

describe('runPart', () => {
  it('logs everything, streams only summary lines with the part prefix, and reports the exit status', async () => {
    const dir = tempDir();
    const shown = [];
    vi.spyOn(console, 'log').mockImplementation((l) => shown.push(l));
    const lines = [
      ' ✓ |api| apps/server/test/a.test.ts (3 tests) 120ms',
      '     ✓ one slow test  900ms',
      'noise',
    ];
    const r = await runPart({
      name: 'demo',
      title: 'demo part',
      cmd: process.execPath,
      args: ['-e', script(lines, 3)],
      dir,
    });
    expect(r).toMatchObject({ name: 'demo', status: 3, logPath: `${dir}/demo.log` });
    const log = readFileSync(r.logPath, 'utf8');
    for (const l of [...lines, 'on stderr']) expect(log).toContain(l);
    const streamed = shown.filter((l) => !/▶|FAILED in/.test(l));
    expect(streamed).toEqual(['[demo]  ✓ |api| apps/server/test/a.test.ts (3 tests) 120ms']);
    expect(shown.at(-1)).toMatch(/^\[demo\] FAILED in \d+\.\d s/);
  });

  it('answers a command that cannot start as a failure, never a hang', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const r = await runPart({ name: 'x', title: 'x', cmd: '/nonexistent/cmd', args: [], dir: tempDir() });
    expect(r.status).not.toBe(0);
  });
});

describe('failureExcerpt', () => {
  it("starts at vitest's failed-tests block when there is one, else shows the log's tail", () => {
    const dir = tempDir();
    const withBlock = join(dir, 'a.log');
    writeFileSync(
      withBlock,
      ['ok 1', 'ok 2', '⎯⎯⎯ Failed Tests 1 ⎯⎯⎯', 'FAIL x > y', '      Tests  1 failed'].join('\n'),
    );
    expect(failureExcerpt(withBlock).split('\n')[0]).toBe('⎯⎯⎯ Failed Tests 1 ⎯⎯⎯');
    const plain = join(dir, 'b.log');
    writeFileSync(plain, Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n'));
    const tail = failureExcerpt(plain).split('\n');
    expect(tail[0]).toBe('line 40');
    expect(tail.at(-1)).toBe('line 99');
  });
});
