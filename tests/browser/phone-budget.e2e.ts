import { PHONE_ENTRIES } from '@fpy/contracts/phone-entries';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { PHONE_BUDGET_KB, weighPage } from '../../scripts/bench/bundle-size.ts';
import { launch, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * Issue 29 §1: every phone entry (@fpy/contracts/phone-entries) stays a page a phone can afford — at most
 * 150 KB of gzip JavaScript, weighed as the bench does — and carries none of the console (no antd).
 */
describe('phone entries', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'phone-budget'));
  afterAll(async () => {
    await s?.close();
  });

  for (const { name, sample } of PHONE_ENTRIES) {
    test(`${name} loads at most ${PHONE_BUDGET_KB} KB of gzip JavaScript, without the console`, async () => {
      // A page of its own per entry, so one entry's scripts never count for another.
      const page = await s.context.newPage();
      try {
        const weight = await weighPage(page, sample);
        console.log(`${name} ${sample}: JS ${weight.jsGzipKB} KB gzip + CSS ${weight.cssGzipKB} KB`);
        // The page really rendered its kit shell (a blank page would weigh little too).
        await page.locator('.b-shell').waitFor();
        expect(weight.jsGzipKB).toBeGreaterThan(30);
        expect(weight.jsGzipKB).toBeLessThanOrEqual(PHONE_BUDGET_KB);
        expect(await page.locator('[class*="ant-"]').count()).toBe(0);
      } finally {
        await page.close();
      }
    });
  }
});
