import { PHONE_ENTRIES, phoneEntryOf } from '@fpy/contracts/phone-entries';
import {
  VALIDATE_CAPTCHA_RE,
  VALIDATE_CODE_RE,
  VALIDATE_PAGE_PATHS,
  validateUrl,
} from '@fpy/contracts/validate-pages';
import { describe, expect, it } from 'vitest';
import { isPublicPath } from '../../app/public-paths.ts';
import en from './locales/en.ts';
import zh from './locales/zh.ts';

describe('开票员身份认证 page (spec §2.3 /validate)', () => {
  it('is public for the console too and the route of the phone entry `validate`', () => {
    for (const path of VALIDATE_PAGE_PATHS) expect(isPublicPath(path), path).toBe(true);
    expect(PHONE_ENTRIES.find((e) => e.name === 'validate')?.routes).toEqual(VALIDATE_PAGE_PATHS);
    expect(phoneEntryOf('/validate/')?.name).toBe('validate');
  });

  it("the console's link lands on the page with a code the page accepts", () => {
    const url = new URL(validateUrl('Abc123Abc123Abc123Ab'), 'https://x.example');
    expect(url.pathname).toBe('/validate');
    expect(VALIDATE_CODE_RE.test(url.searchParams.get('c') ?? '')).toBe(true);
    expect(VALIDATE_CODE_RE.test('<script>')).toBe(false);
    expect(VALIDATE_CAPTCHA_RE.test('042917')).toBe(true);
    expect(VALIDATE_CAPTCHA_RE.test('12ab')).toBe(false);
  });

  it('has every text in zh and en', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [k, v] of Object.entries(en)) expect(v.trim(), k).not.toBe('');
  });
});
