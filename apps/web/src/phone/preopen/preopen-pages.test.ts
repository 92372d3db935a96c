import { PHONE_ENTRIES, phoneEntryOf } from '@fpy/contracts/phone-entries';
import { PREOPEN_PAGE_PATHS, preopenAppUrl, preopenBindUrl } from '@fpy/contracts/preopen-pages';
import { describe, expect, it } from 'vitest';
import { isPublicPath } from '../../app/public-paths.ts';
import { appHref, pageFor } from './api.ts';
import en from './locales/en.ts';
import zh from './locales/zh.ts';

describe('pre-issue review pages (spec §2.9)', () => {
  it('are public for the console too and the routes of the phone entry `preopen`', () => {
    for (const path of PREOPEN_PAGE_PATHS) expect(isPublicPath(path), path).toBe(true);
    expect(PHONE_ENTRIES.find((e) => e.name === 'preopen')?.routes).toEqual(PREOPEN_PAGE_PATHS);
    expect(phoneEntryOf('/invoicerBinding/')?.name).toBe('preopen');
  });

  it('QR addresses land on the binding and review pages', () => {
    expect(preopenBindUrl('Abc123')).toBe('/invoicerBinding?c=Abc123');
    expect(preopenAppUrl('Abc123')).toBe('/codeScanningInvoicing?a=Abc123');
    expect(appHref('/invoicingStatus', 7)).toBe('/invoicingStatus?id=7');
  });

  it('send an application to the page of where it stands', () => {
    const mine = { by: 'x', at: '', kind: 'approved' as const, reason: null, mine: true };
    expect(pageFor({ phase: 'pending', decision: null })).toBe('/codeScanningInvoicing');
    expect(pageFor({ phase: 'processing', decision: mine })).toBe('/invoicingProcessing');
    expect(pageFor({ phase: 'issued', decision: mine })).toBe('/invoicingStatus');
    expect(pageFor({ phase: 'failed', decision: mine })).toBe('/invoicingStatus');
    expect(pageFor({ phase: 'issued', decision: { ...mine, mine: false } })).toBe('/preopeningOver');
    expect(pageFor({ phase: 'rejected', decision: { ...mine, kind: 'rejected' } })).toBe('/preopeningOver');
    expect(pageFor({ phase: 'closed', decision: null })).toBe('/preopeningOver');
  });

  it('have every text in both languages, placeholders alike', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const k of Object.keys(zh) as (keyof typeof zh)[]) {
      expect(names(en[k]), k).toEqual(names(zh[k]));
      expect(/[\u4e00-\u9fff]/.test(en[k]), k).toBe(false);
    }
  });
});
