import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('toasts and dialogs', () => {
  // The console mounts no antd <App> provider: App.useApp()'s message and modal render nowhere, so a page using
  // them shows nothing after its action. Pages use lib/feedback (toast, loadFeedback) instead.
  it('never come from App.useApp(), which renders nothing in this console', () => {
    const users = sources(SRC).filter((f) => readFileSync(f, 'utf8').includes('App.useApp('));
    expect(users.map((f) => f.slice(SRC.length + 1))).toEqual([]);
  });
});
