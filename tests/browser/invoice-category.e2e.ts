import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

const SUFFIX = Date.now().toString(36);
const BUYER = `E2E分类客户${SUFFIX}有限公司`;
const CATEGORY = `技术服务${SUFFIX}`;
const PAGE = '/outputInvoiceManager/salesInvoiceQuery';

/** A JSON call from inside the page with the session cookie and the console header, as the console makes it. */
function apiSend<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'x-requested-with': 'fpy-console', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

const tableBody = (page: Page) => page.locator('.ant-table-tbody').first();

describe('发票分类 on the sales invoice query', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'invoice-category'));
  afterAll(async () => {
    await s?.close();
  });

  test('demo files two invoices under a category, finds them by it, and clears one', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    const category = await apiSend<{ id: number }>(page, 'POST', '/api/admin/r/invoiceCategories', {
      name: CATEGORY,
      code: `E2E${SUFFIX}`.slice(0, 32),
    });
    expect(category.id).toBeGreaterThan(0);
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const created = await apiSend<{ id: number }>(page, 'POST', '/api/billing/v1/invoices', {
        clientSerial: `E2E-C-${SUFFIX}-${n}`,
        type: 'digital_ordinary',
        pricingMode: 'exclusive',
        buyer: { name: BUYER },
        lines: [
          {
            name: '*软件维护服务*接口服务费',
            // 通用应用软件 (13%): the line is at 13%, which 软件维护服务 (6%) does not allow (issue 28 §7).
            taxCode: '1060301020100000000',
            unit: '次',
            quantity: String(n),
            unitPrice: '100',
            rate: 'rate_13',
          },
        ],
      });
      expect(created.id).toBeGreaterThan(0);
      ids.push(created.id);
    }
    for (const id of ids)
      await expect
        .poll(async () => (await apiGet<{ status: string }>(page, `/api/billing/v1/invoices/${id}`)).status, {
          timeout: 30_000,
        })
        .toBe('issued');

    await page.goto(PAGE);
    await page.getByLabel('购买方').fill(BUYER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const rows = tableBody(page).locator('tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);

    // Select both, 设置分类, pick the category.
    for (const i of [0, 1]) await rows.nth(i).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /设置分类（2）/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '设置发票分类' });
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: CATEGORY }).click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => tableBody(page).textContent(), { timeout: 15_000 }).toContain(CATEGORY);
    await expect.poll(async () => (await tableBody(page).textContent())?.split(CATEGORY).length).toBe(3);

    // Clear the category of the first row only.
    await page.getByRole('button', { name: /设置分类（2）/ }).waitFor();
    await rows.nth(1).locator('.ant-checkbox-input').uncheck();
    await page.getByRole('button', { name: /设置分类（1）/ }).click();
    await page
      .locator('.ant-modal')
      .filter({ hasText: '设置发票分类' })
      .getByRole('button', { name: /清除分类/ })
      .click();
    await expect
      .poll(async () => (await tableBody(page).textContent())?.split(CATEGORY).length, { timeout: 15_000 })
      .toBe(2);

    // The 发票分类 filter finds the one still filed under it.
    const filter = page
      .locator('form.ant-form-inline .ant-form-item')
      .filter({ hasText: '发票分类' })
      .locator('.ant-select');
    await filter.click();
    await page.locator('.ant-select-item-option').filter({ hasText: CATEGORY }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    const filed = await apiGet<{ rows: { id: number; categoryName: string | null }[] }>(
      page,
      `/api/billing/v1/invoice-query?categoryId=${category.id}`,
    );
    expect(filed.rows).toHaveLength(1);
    expect(filed.rows[0].categoryName).toBe(CATEGORY);
  });
});
