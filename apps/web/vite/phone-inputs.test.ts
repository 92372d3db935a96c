import { fileURLToPath } from 'node:url';
import { PHONE_ENTRIES, phoneEntryHtml } from '@fpy/contracts/phone-entries';
import { describe, expect, it } from 'vitest';
import config, { buildInputs } from '../vite.config.ts';

describe('the Vite build', () => {
  it('has the console and exactly one HTML input per phone entry, from the list in @fpy/contracts', () => {
    const expected = Object.fromEntries([
      ['main', fileURLToPath(new URL('../index.html', import.meta.url))],
      ...PHONE_ENTRIES.map((e) => [
        e.name,
        fileURLToPath(new URL(`../${phoneEntryHtml(e.name)}`, import.meta.url)),
      ]),
    ]);
    expect(buildInputs()).toEqual(expected);
    const resolved = typeof config === 'function' ? null : config;
    expect(resolved?.build?.rollupOptions?.input).toEqual(expected);
  });
});
