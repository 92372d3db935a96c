import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, apiToken, BASE_URL, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/** A POST from inside the page with the session cookie and the console header, as the console itself sends it. */
function apiPost<T>(page: Page, path: string, body: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([url, payload]) => {
      const res = await fetch(url as string, {
        method: 'POST',
        headers: { 'x-requested-with': 'fpy-console', 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: res.status, json: await res.json() };
    },
    [path, body] as const,
  ) as Promise<{ status: number; json: T }>;
}

async function post(token: string, path: string, body: unknown) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

/** A blue invoice of 4 × 2,500.00 goods at 13%, issued through the API as the logged-in user; waits until issued. */
async function issueBlue(page: Page): Promise<{ id: number; number: string }> {
  const created = await apiPost<{ id: number }>(page, '/api/billing/v1/invoices', {
    clientSerial: `E2E-RED-${Date.now().toString(36)}`,
    type: 'digital_special',
    pricingMode: 'exclusive',
    buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
    lines: [
      {
        name: '*计算机*笔记本电脑',
        taxCode: '1090511030000000000',
        unit: '台',
        quantity: '4',
        unitPrice: '2500',
        rate: 'rate_13',
      },
    ],
  });
  expect(created.status).toBe(201);
  const id = created.json.id;
  let number = '';
  await expect
    .poll(
      async () => {
        const inv = await apiGet<{ status: string; number: string }>(page, `/api/billing/v1/invoices/${id}`);
        number = inv.number;
        return inv.status;
      },
      { timeout: 30_000 },
    )
    .toBe('issued');
  return { id, number };
}

describe('red-letter', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'red-letter'));
  afterAll(async () => {
    await s?.close();
  });

  test('demo red-flushes one line of an issued invoice partially; the blue shows 部分红冲', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    const { id } = await issueBlue(page);

    await page.goto(`/outputInvoiceManager/invoiceFill?blueId=${id}`);
    const blueStatus = page.getByTestId('red-blue-status');
    await expect.poll(() => blueStatus.textContent(), { timeout: 30_000 }).toContain('已开具');
    // Goods only: 服务中止 is greyed out with its reason.
    await page.getByTestId('red-reason-why-service_suspension').waitFor();

    await page.getByTestId('red-reason').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '销货退回' }).click();
    await page.getByText('部分红冲', { exact: true }).click();
    await page.locator('tr[data-row-key="1"] input[type="checkbox"]').check();
    await page.getByTestId('red-qty-1').fill('1');
    await expect.poll(() => page.getByTestId('red-totals').textContent()).toContain('-2,825.00');

    await page.getByTestId('red-apply').click();
    await expect
      .poll(() => page.getByTestId('red-form-state').textContent(), { timeout: 30_000 })
      .toContain('无需确认');
    await expect.poll(() => page.getByTestId('red-form-no').textContent()).toMatch(/^\d{20}$/);

    await page.getByTestId('red-issue').click();
    await expect
      .poll(async () => (await page.getByTestId('red-invoice').textContent()) ?? '', { timeout: 30_000 })
      .toContain('已开具');
    await expect.poll(() => page.getByTestId('red-invoice').textContent()).toContain('-2,825.00');
    await expect.poll(() => blueStatus.textContent(), { timeout: 30_000 }).toContain('部分红冲');
    await expect.poll(() => page.getByTestId('red-remaining-1').textContent()).toContain('7,500.00');

    // The list page shows the form with its red invoice.
    await page.goto('/outputInvoiceManager/invoiceDetails');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.ant-table-tbody').first().textContent()).toContain('无需确认');
  });

  test('a form the buyer opened waits for the seller: confirm with the countdown running, then issue red', async () => {
    const { page } = s;
    const { id, number } = await issueBlue(page);
    // The buyer's side at the sandbox bureau, played by the platform administrator (sandbox-only routes).
    const admin = await apiToken('admin', 'Admin@123');
    const booked = await post(admin, '/api/billing/v1/red-letter/sandbox/buyer-booking', {
      blueInvoiceId: id,
    });
    expect(booked.status).toBe(200);
    const opened = await post(admin, '/api/billing/v1/red-letter/sandbox/buyer-apply', {
      blueInvoiceId: id,
      reason: 'sales_return',
      lines: [{ blueLineNo: 1, quantity: '2' }],
    });
    expect((opened.json as { state: string }).state).toBe('pending_seller');

    await page.goto('/outputInvoiceManager/invoiceDetails');
    await page.getByPlaceholder('蓝字发票号码').fill(number);
    await page.getByPlaceholder('蓝字发票号码').press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: number }).first();
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('购方录入待销方确认');
    await expect
      .poll(() => row.getByTestId('red-countdown').textContent())
      .toMatch(/剩余 7[01]:\d\d:\d\d 自动作废/);

    await row.getByRole('button', { name: /确\s*认/ }).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('购销双方已确认');

    await row.getByRole('button', { name: '开具红票' }).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect
      .poll(async () => (await row.getByTestId('red-invoice').textContent()) ?? '', { timeout: 30_000 })
      .toContain('已开具');
    await expect.poll(() => row.getByTestId('red-invoice').textContent()).toContain('-5,650.00');
  });
});
