import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * 发票报销 (issue 31, lane CHECK): an employee files a claim with a genuine invoice (the sandbox bureau's legacy 专票
 * to the demo company, checked by its amount before tax); filing it a second time is refused, naming who reimbursed
 * it, when and on which claim; 发票预警 lists the attempt.
 */
describe('发票报销 (issue 31)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'invoice-reimbursement'));
  afterAll(async () => {
    await s?.close();
  });

  async function fileClaim(page: Page, title: string) {
    await page.getByTestId('claim-new').click();
    await page.getByLabel('报销事由').fill(title);
    const row = page.getByTestId('claim-invoice-0');
    await row.getByPlaceholder('发票代码（数电留空）').fill('3100201130');
    await row.getByPlaceholder('发票号码').fill('04512870');
    const date = row.getByPlaceholder('开票日期');
    await date.click();
    await date.fill('2026-09-14');
    await date.press('Enter');
    await row.getByPlaceholder('金额（元）').fill('1000.00');
    await page.getByTestId('claim-submit').click();
  }

  test("an employee's second reimbursement of the same invoice is refused", async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    await page.goto('/receiptsInvoice/invoiceReimbursement');
    await fileClaim(page, '九月办公用品');
    await page.getByText('报销单已提交').waitFor();
    const row = page.locator('.ant-table-row', { hasText: '九月办公用品' });
    await row.waitFor();
    const claimNo = ((await row.locator('td').first().textContent()) ?? '').trim();
    expect(claimNo).toMatch(/^BX\d{8}[0-9A-F]{6}$/);
    await expect.poll(() => row.textContent()).toContain('1,130.00');

    await fileClaim(page, '再报一次');
    const refusal = page.getByTestId('claim-refusal');
    await refusal.waitFor();
    const text = (await refusal.textContent()) ?? '';
    expect(text).toContain('04512870');
    expect(text).toContain('演示管理员');
    expect(text).toContain(claimNo);
    expect(text).toContain('不能重复报销');
    await page
      .getByRole('button', { name: '取 消' })
      .or(page.getByRole('button', { name: '取消' }))
      .click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '再报一次' }).count()).toBe(0);

    await page.goto('/receiptsInvoice/invoiceWarning');
    await page
      .locator('.ant-table-row', { hasText: '重复报销尝试' })
      .filter({ hasText: '04512870' })
      .waitFor();
  });
});
