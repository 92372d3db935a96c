import { BUYER_PAGE_PATHS, buyerPageUrl } from '@fpy/contracts/buyer-pages';
import { PHONE_ENTRIES, phoneEntryOf } from '@fpy/contracts/phone-entries';
import { describe, expect, it } from 'vitest';
import { isPublicPath } from '../../app/public-paths.ts';
import { shanghaiDay, yuan } from '../kit/format.ts';
import { typeName } from './invoice-type.ts';
import en from './locales/en.ts';
import zh from './locales/zh.ts';

describe('buyer pages', () => {
  it('are all public for the console too (a stray visit never bounces to the login page)', () => {
    for (const path of BUYER_PAGE_PATHS) expect(isPublicPath(path), path).toBe(true);
  });

  it('are the routes of the phone entry `delivery`', () => {
    expect(PHONE_ENTRIES.find((e) => e.name === 'delivery')?.routes).toEqual(BUYER_PAGE_PATHS);
  });

  it('are recognised with a trailing slash, not by prefix', () => {
    expect(phoneEntryOf('/smsDetail/')?.name).toBe('delivery');
    expect(phoneEntryOf('/smsDetailX')).toBeUndefined();
    expect(phoneEntryOf('/allEleNoSuchPage')).toBeUndefined();
    expect(buyerPageUrl('Ab12')).toBe('/smsDetail?c=Ab12');
  });

  it('format money in fen and days in Shanghai', () => {
    expect(yuan(22_600)).toBe('¥226.00');
    expect(yuan(-123_456_789)).toBe('-¥1,234,567.89');
    expect(yuan(5)).toBe('¥0.05');
    expect(shanghaiDay('2026-03-01T17:00:00.000Z')).toBe('2026-03-02');
    expect(typeName('digital_special', 'zh')).toBe('电子发票（增值税专用发票）');
    expect(typeName('unknown_type', 'en')).toBe('unknown_type');
  });

  it('have every text in both languages, English without Chinese', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [k, v] of Object.entries(en)) expect(v, k).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
