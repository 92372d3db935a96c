import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

const SUFFIX = Date.now().toString(36);
const BUYER = `E2E交付客户${SUFFIX}有限公司`;
const EMAIL = `buyer-${SUFFIX}@example.com`;
const PAGE = '/outputInvoiceManager/salesInvoiceQuery';

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

interface Delivery {
  channel: string;
  recipient: string;
  status: string;
  trigger: string;
  providerKind: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

describe('invoice delivery from the sales invoice query (issue 14 §2)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'invoice-delivery'));
  afterAll(async () => {
    await s?.close();
  });

  test('an invoice with a buyer e-mail is delivered on issue; 交付 by SMS checks the number; the history shows both', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    const created = await apiSend<{ id: number }>(page, 'POST', '/api/billing/v1/invoices', {
      clientSerial: `E2E-D-${SUFFIX}`,
      type: 'digital_ordinary',
      pricingMode: 'exclusive',
      buyer: { name: BUYER, email: EMAIL },
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
    const deliveriesUrl = `/api/delivery/v1/invoices/${created.id}/deliveries`;
    // Auto-delivery by e-mail through the embedded sandbox.
    await expect
      .poll(
        async () =>
          (await apiGet<{ rows: Delivery[] }>(page, deliveriesUrl)).rows.map(
            (r) => `${r.status}${r.errorCode ? ` ${r.providerKind} ${r.errorCode} ${r.errorMessage}` : ''}`,
          ),
        // Inside the test's own minute, so a failure shows the records as they stand rather than a bare time-out.
        { timeout: 40_000, interval: 250 },
      )
      .toEqual([expect.stringMatching(/^(accepted|delivered)$/)]);

    await page.goto(PAGE);
    await page.getByLabel('购买方').fill(BUYER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: BUYER });
    await row.waitFor({ timeout: 15_000 });

    // 交付: the buyer's e-mail is prefilled; SMS needs a mobile and refuses a malformed one.
    await row.getByRole('button', { name: /交\s*付/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '交付发票' });
    await expect.poll(() => dialog.getByTestId('delivery-recipient').inputValue()).toBe(EMAIL);
    await dialog.getByText('短信', { exact: true }).click();
    const input = dialog.getByTestId('delivery-recipient');
    // The buyer has no mobile on the invoice: switching to SMS swaps the prefilled e-mail for an empty field.
    await dialog.getByText('默认为购买方手机号，可修改').waitFor();
    expect(await input.inputValue()).toBe('');
    await input.fill('12345');
    await dialog.getByRole('button', { name: /发\s*送/ }).click();
    await dialog.getByText('手机号码格式不正确，须为11位中国大陆手机号').waitFor();
    await input.fill('13800138000');
    await dialog.getByRole('button', { name: /发\s*送/ }).click();
    await page.getByText('已提交发送').waitFor();

    await expect
      .poll(
        async () =>
          (await apiGet<{ rows: Delivery[] }>(page, deliveriesUrl)).rows
            .map((r) => `${r.channel}:${r.recipient}:${r.trigger}`)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual([`email:${EMAIL}:auto`, 'sms:13800138000:manual']);

    // The detail drawer lists both deliveries.
    await row.locator('a').first().click();
    const history = page.getByTestId('delivery-history');
    await history.waitFor({ timeout: 15_000 });
    await expect.poll(() => history.textContent(), { timeout: 30_000 }).toContain('13800138000');
    await expect.poll(() => history.textContent()).toContain(EMAIL);
    await expect.poll(() => history.textContent()).toContain('开具后自动');
    await page.locator('.ant-drawer-close').click();

    // 批量交付 of the selection: the progress bar ends, nothing is sent twice.
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /批量交付/ }).click();
    const bulk = page.locator('.ant-modal').filter({ hasText: '批量交付所选发票' });
    await bulk.getByRole('button', { name: /开始交付/ }).click();
    await bulk.getByTestId('bulk-progress').waitFor({ timeout: 15_000 });
    await page.getByText('批量交付完成').waitFor({ timeout: 30_000 });
    expect((await apiGet<{ rows: Delivery[] }>(page, deliveriesUrl)).rows).toHaveLength(2);
  });
});
