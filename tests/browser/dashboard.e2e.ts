import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

type Figure = { key: string; unit: 'count' | 'fen'; value: number; previous: number | null };
type Card = { id: string; kind: string; [k: string]: any };
type Reply = { audience: 'tenant' | 'platform'; cards: Card[] };

/** "¥22,600.50" → 2260050, "-1,234" → -1234: the digits on screen are the fen (or the count) exactly. */
const shownNumber = (text: string | null) => {
  if (text === null) return Number.NaN;
  const digits = Number(text.replace(/[^\d]/g, ''));
  return text.includes('-') ? -digits : digits;
};

async function figureOnScreen(page: Page, cardId: string, key: string) {
  const text = await page
    .locator(`[data-card="${cardId}"] [data-figure="${key}"] [data-testid="figure-value"]`)
    .textContent();
  return shownNumber(text);
}

describe('首页 dashboard', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'dashboard'));
  afterAll(async () => {
    await s?.close();
  });

  test('the demo finance user sees this month, to-dos, recent invoices and the trend with real numbers', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    await page.goto('/dashboard');
    await page.locator('[data-card="sales-issued"]').waitFor();
    const reply = await apiGet<Reply>(page, '/api/admin/dashboard/cards');
    expect(reply.audience).toBe('tenant');
    const byId = new Map(reply.cards.map((c) => [c.id, c]));

    // This month against last month: every figure on screen is the server's, to the fen.
    const issued = byId.get('sales-issued');
    expect(issued?.figures.map((f: Figure) => f.key)).toEqual(['count', 'redCount', 'amountFen', 'taxFen']);
    for (const f of (issued?.figures ?? []) as Figure[])
      expect(await figureOnScreen(page, 'sales-issued', f.key)).toBe(f.value);
    await expect
      .poll(() => page.locator('[data-card="sales-issued"] [data-testid="figure-change"]').count())
      .toBe(4);

    // The seeded demo company has issued invoices in the last months: the numbers are real, not zeros.
    const trend = byId.get('sales-trend');
    const amounts: number[] = trend?.series.find((x: { key: string }) => x.key === 'amountFen').values;
    expect(amounts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // The chart (echarts) loads once its card comes into view.
    await page.locator('[data-card="sales-trend"]').scrollIntoViewIfNeeded();
    await page.locator('[data-card="sales-trend"] [data-testid="trend-chart"] canvas').first().waitFor();

    const recent = byId.get('sales-recent');
    expect(recent?.rows.length).toBeGreaterThan(0);
    const rows = page.locator('[data-card="sales-recent"] tbody tr');
    await expect.poll(() => rows.count()).toBe(recent?.rows.length);
    await expect.poll(() => rows.first().textContent()).toContain(recent?.rows[0].number);

    // To-dos: each item the server sent, with its value; the credit line left is shown in yuan from fen.
    const todos = byId.get('sales-todos');
    for (const item of todos?.items ?? []) {
      const shown = await page.locator(`[data-todo="${item.key}"] [data-testid="todo-value"]`).textContent();
      expect(shownNumber(shown)).toBe(item.value);
    }
    expect(todos?.items.find((i: { key: string }) => i.key === 'creditLeft')?.value).toBeGreaterThan(0);

    // A to-do opens the page where it is handled, with its filter in the address.
    await page.locator('[data-todo="failed"] a').click();
    await page.waitForURL((url) => url.pathname === '/outputInvoiceManager/stayOpenList');
    expect(new URL(page.url()).searchParams.get('statuses')).toBe('failed');
    // …and the queue applies it: only 开具失败 is selected in its status filter.
    await expect
      .poll(() =>
        page
          .locator('.ant-select-selection-item[title]')
          // The filter's selections, not the pagination's page size (shown once the queue has rows).
          .evaluateAll((els) =>
            els.filter((e) => !e.closest('.ant-pagination')).map((e) => e.getAttribute('title')),
          ),
      )
      .toEqual(['开具失败']);
  });

  test('the platform administrator sees the platform cards and the request chart', async () => {
    const admin = await launch();
    try {
      await login(admin.page, 'admin', 'Admin@123');
      await admin.page.goto('/dashboard');
      await admin.page.locator('[data-card="platform-tenants"]').waitFor();
      const reply = await apiGet<Reply>(admin.page, '/api/admin/dashboard/cards');
      expect(reply.audience).toBe('platform');
      const tenants = reply.cards.find((c) => c.id === 'platform-tenants');
      const count = tenants?.figures.find((f: Figure) => f.key === 'tenants').value;
      expect(count).toBeGreaterThanOrEqual(3);
      expect(await figureOnScreen(admin.page, 'platform-tenants', 'tenants')).toBe(count);
      await admin.page.locator('[data-card="platform-issuing"]').waitFor();
      await admin.page.locator('.requests-chart canvas').first().waitFor();
      expect(await admin.page.locator('[data-card="sales-todos"], [data-card="todos"]').count()).toBe(0);
    } finally {
      await admin.close();
    }
  });
});
