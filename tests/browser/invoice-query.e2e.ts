import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

const SUFFIX = Date.now().toString(36);
const BUYER = `E2E查询客户${SUFFIX}有限公司`;
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

describe('sales invoice query', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'invoice-query'));
  afterAll(async () => {
    await s?.close();
  });

  test('demo finds a paper invoice, opens its details and voids it', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    const created = await apiSend<{ id: number }>(page, 'POST', '/api/billing/v1/invoices', {
      clientSerial: `E2E-Q-${SUFFIX}`,
      type: 'digital_paper_ordinary',
      pricingMode: 'exclusive',
      buyer: { name: BUYER },
      lines: [
        {
          name: '*软件维护服务*接口服务费',
          // 通用应用软件 (13%): the line is at 13%, which 软件维护服务 (6%) does not allow (issue 28 §7).
          taxCode: '1060301020100000000',
          unit: '次',
          quantity: '2',
          unitPrice: '100',
          rate: 'rate_13',
        },
      ],
    });
    expect(created.id).toBeGreaterThan(0);
    let number = '';
    await expect
      .poll(
        async () => {
          const inv = await apiGet<{ status: string; number: string | null }>(
            page,
            `/api/billing/v1/invoices/${created.id}`,
          );
          number = inv.number ?? '';
          return inv.status;
        },
        { timeout: 30_000 },
      )
      .toBe('issued');

    await page.goto(PAGE);
    await page.getByLabel('购买方').fill(BUYER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = tableBody(page).locator('tr.ant-table-row').filter({ hasText: number });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => tableBody(page).locator('tr.ant-table-row').count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('226.00');
    await expect.poll(() => row.textContent()).toContain('已开具');

    // The detail drawer: face, lines and the audited history.
    await row.getByText(number, { exact: true }).click();
    const drawer = page.locator('.ant-drawer-section');
    await drawer.getByText('状态记录').waitFor();
    await expect.poll(() => drawer.textContent()).toContain('接口服务费');
    await expect.poll(() => drawer.textContent()).toContain('226.00');
    await expect.poll(() => drawer.textContent()).toContain('演示管理员');
    await drawer.getByTestId('detail-download-pdf').waitFor();
    await page.locator('.ant-drawer-close').click();

    // ZIP of the selection and the Excel export of the search arrive as downloads.
    await row.locator('.ant-checkbox-input').check();
    const [zip] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: /打包下载所选PDF/ }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const zipBytes = readFileSync((await zip.path())!);
    expect(zipBytes.subarray(0, 2).toString()).toBe('PK');
    expect(zipBytes.includes(Buffer.from(`${number}.pdf`))).toBe(true);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: /^导\s*出$/ }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);

    // Void with a reason: a paper invoice of this month.
    await row.getByRole('button', { name: /作\s*废/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '作废发票' });
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '开票有误' }).click();
    await dialog.getByRole('button', { name: '确认作废' }).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('已作废');
    const after = await apiGet<{ status: string }>(page, `/api/billing/v1/invoices/${created.id}`);
    expect(after.status).toBe('void');
  });
});
