import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * 我的客户 and 商品对照 as declared resources (issue 13 §1): the generic page with the pages' own widgets —
 * tax-number hint, the save's warning, keyword search, the commodity picker and batch delete.
 */
const STAMP = Date.now().toString(36);
const CUSTOMER = `浏览器测试客户有限公司${STAMP}`;
// A real pilot-region code that fails the checksum: saved, with a warning (§5.1).
const CHECKSUM_FAILS = '91350100M0001TGQXM';

const tableBody = (page: Page) => page.locator('.ant-table-tbody').first();
const rowOf = (page: Page, text: string): Locator =>
  tableBody(page)
    .locator('tr.ant-table-row')
    .filter({ has: page.getByText(text, { exact: true }) });
const drawer = (page: Page) => page.locator('.ant-drawer:visible');

describe('customers and the SKU map on the resource page', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'customers'));
  afterAll(async () => {
    await s?.close();
  });

  test('demo adds a customer, is warned about the checksum, finds it with the keyword box and deletes it', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    await page.goto('/outputInvoiceManager/myCustomer');
    await tableBody(page).locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    for (const name of [/^新\s*增$/, /^导\s*入$/, /^导\s*出$/])
      await page.getByRole('button', { name }).waitFor();

    await page.getByRole('button', { name: /^新\s*增$/ }).click();
    const form = drawer(page);
    await form.getByLabel('客户名称').fill(CUSTOMER);
    await form.getByLabel('纳税人识别号').fill(CHECKSUM_FAILS);
    await form.getByText(/校验位不符/).waitFor();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/billing/v1/customers') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: /保\s*存/ }).click();
    expect((await created).status()).toBe(200);
    await page
      .locator('.ant-message')
      .getByText(/校验位不符/)
      .waitFor();

    await page.getByPlaceholder('客户名称、纳税人识别号或拼音首字母').fill(CHECKSUM_FAILS.slice(0, 12));
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await rowOf(page, CUSTOMER).waitFor();

    await rowOf(page, CUSTOMER)
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText('删除成功').first().waitFor();
    await expect.poll(() => rowOf(page, CUSTOMER).count(), { timeout: 20_000 }).toBe(0);
  });

  test('demo maps a SKU through the commodity picker and deletes the selection', async () => {
    const { page } = s;
    await page.goto('/outputInvoiceManager/goodsCompare');
    await page.locator('.ant-table-tbody').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^新\s*增$/ }).click();
    const form = drawer(page);
    const sku = `E2E-${STAMP}`;
    await form.getByLabel('ERP商品名称').fill(`浏览器映射${STAMP}`);
    await form.getByLabel('SKU').fill(sku);
    await form.getByLabel('商品编码').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/productNameCorrespondSku') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: /保\s*存/ }).click();
    expect((await created).status()).toBe(200);
    const row = rowOf(page, sku);
    await row.waitFor();
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /批量删除/ }).click();
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText('删除成功').first().waitFor();
    await expect.poll(() => rowOf(page, sku).count(), { timeout: 20_000 }).toBe(0);
  });
});
