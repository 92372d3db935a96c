import { beforeAll, describe, expect, test } from 'vitest';

// The store keeps tabs in sessionStorage; node has none, so a minimal one stands in.
beforeAll(() => {
  const data = new Map<string, string>();
  globalThis.sessionStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: () => null,
    length: 0,
  } as Storage;
});

const view = (i: number) => ({ path: `/p${i}`, fullPath: `/p${i}`, code: `p${i}`, title: `P${i}` });

describe('visited tabs (spec §4, §9)', async () => {
  const store = await import('./tags-store.ts');
  const paths = () =>
    JSON.parse(sessionStorage.getItem('visitedViews') ?? '[]').map((v: { path: string }) => v.path);

  test('11 distinct pages leave the 10 newest; a repeat adds nothing', () => {
    for (let i = 1; i <= 11; i++) store.addView(view(i));
    store.addView(view(11));
    expect(paths()).toEqual(Array.from({ length: 10 }, (_, i) => `/p${i + 2}`));
  });

  test('close, close others, close all', () => {
    expect(store.closeView('/p11').map((v) => v.path)).not.toContain('/p11');
    expect(store.closeOtherViews('/p5').map((v) => v.path)).toEqual(['/p5']);
    store.closeAllViews();
    expect(paths()).toEqual([]);
  });
});
