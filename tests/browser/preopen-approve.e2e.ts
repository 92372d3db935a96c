import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  apiGet,
  apiToken,
  BASE_URL,
  launch,
  login,
  type Session,
  screenshotOnFailure,
  sidebarPaths,
} from './helpers.ts';

const AUDIT = '/outputInvoiceManager/preopenAuditManager';
const RECORD = '/outputInvoiceManager/preopenRecordManager';
const RUN = Date.now().toString(36);
// A buyer no seed row or earlier run shares, so the filters find exactly this application.
const BUYER = `杭州预开审核测试${RUN}有限公司`;
const SALES = `sales${RUN}`;
const SALES_PASSWORD = 'Sales@2026x';

/** A JSON call from inside the page with the console's own session (as apiGet, for writes). */
function apiSend<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ([m, url, payload]) => {
      const res = await fetch(url as string, {
        method: m as string,
        headers: { 'x-requested-with': 'fpy-console', 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return res.json();
    },
    [method, path, body] as const,
  ) as Promise<T>;
}

/** 预开申请 through the API as the sales member: the invoice waits in pending_review. */
async function apply(token: string, buyer: string, serial: string) {
  const res = await fetch(`${BASE_URL}/api/billing/v1/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientSerial: `e2e-preopen-${RUN}-${serial}`,
      type: 'digital_special',
      pricingMode: 'exclusive',
      buyer: { name: buyer, taxNumber: '91320594MA1WQ2LB8E' },
      lines: [
        {
          name: '*信息技术服务*软件开发服务',
          taxCode: '3040201030000000000',
          unit: '项',
          quantity: '1',
          unitPrice: '8000',
          rate: 'rate_6',
        },
      ],
    }),
  });
  expect(res.status).toBe(201);
  expect(((await res.json()) as { status: string }).status).toBe('pending_review');
}

const tableBody = (page: Page) => page.locator('.ant-table-tbody').first();
const rowOf = (page: Page) =>
  tableBody(page)
    .locator('tr.ant-table-row')
    .filter({ has: page.getByText(BUYER, { exact: true }) });

describe('预开审核: approve an application, see it issued in 预开记录', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'preopen-approve'));
  afterAll(async () => {
    await s?.close();
  });

  test('brand approves a sales application; it is issued with a number', async () => {
    const { page } = s;
    await login(page, 'brand', 'Brand@123');
    const paths = await sidebarPaths(page);
    expect(paths).toEqual(expect.arrayContaining([AUDIT, RECORD]));

    // Self-approval is refused, so the application comes from a second member of the brand company.
    const options = await apiGet<{ groups: { id: number; code: string }[] }>(
      page,
      '/api/admin/users/options',
    );
    const admins = options.groups.find((g) => g.code === 'admin');
    expect(admins).toBeTruthy();
    const user = await apiSend<{ id?: number; message?: string }>(page, 'POST', '/api/admin/users', {
      username: SALES,
      password: SALES_PASSWORD,
      name: '销售小周',
      groupIds: [admins!.id],
    });
    expect(user.id, user.message).toBeTruthy();
    const token = await apiToken(SALES, SALES_PASSWORD);
    await apply(token, BUYER, 'first');

    // 预开审核: the application is listed with its applicant; approve it.
    await page.goto(AUDIT);
    await page.getByPlaceholder('购买方名称或税号').fill(BUYER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowOf(page);
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.textContent()).toContain('销售小周');
    await expect.poll(() => row.textContent()).toContain('8,480.00');
    await row.getByRole('button', { name: /^通\s*过$/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '通过后将立即开具发票' });
    await dialog.waitFor();
    await dialog.getByPlaceholder('审核意见（选填）').fill('E2E 审核通过');
    await dialog.locator('.ant-btn-primary').click();
    await page.getByText('已处理 1 条申请').waitFor();
    await expect.poll(() => rowOf(page).count(), { timeout: 15_000 }).toBe(0);

    // 预开记录: approved by brand, issued with a 20-digit number without a manual refresh.
    await page.goto(RECORD);
    await page.getByPlaceholder('购买方名称或税号').fill(BUYER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const record = rowOf(page);
    await record.waitFor({ timeout: 30_000 });
    await expect.poll(() => record.textContent(), { timeout: 30_000 }).toContain('已开具');
    const text = (await record.textContent()) ?? '';
    expect(text).toMatch(/\d{20}/);
    expect(text).toContain('审核通过');
    expect(text).toContain('品牌管理员');
    expect(text).toContain('E2E 审核通过');

    // The expandable timeline shows the whole path.
    await record.locator('.ant-table-row-expand-icon').click();
    const timeline = page.locator('.ant-timeline').first();
    await timeline.waitFor();
    const history = (await timeline.textContent()) ?? '';
    for (const step of ['待审核 → 待开具', '开具中 → 已开具']) expect(history).toContain(step);

    // Bulk reject: two more applications, both selected, one reason; they go back to the applicant.
    const OTHER = `${BUYER}二部`;
    await apply(token, OTHER, 'second');
    await apply(token, OTHER, 'third');
    await page.goto(AUDIT);
    await page.getByPlaceholder('购买方名称或税号').fill(OTHER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const others = tableBody(page)
      .locator('tr.ant-table-row')
      .filter({ has: page.getByText(OTHER, { exact: true }) });
    await expect.poll(() => others.count(), { timeout: 30_000 }).toBe(2);
    for (const box of await others.locator('.ant-checkbox-input').all()) await box.check();
    await page.getByRole('button', { name: /批量驳回（2）/ }).click();
    const reject = page.locator('.ant-modal').filter({ hasText: '驳回原因' });
    await reject.waitFor();
    await reject.locator('.ant-btn-dangerous').click();
    await reject.getByText('请填写驳回原因').waitFor();
    await reject.locator('textarea').fill('金额与合同不符');
    await reject.locator('.ant-btn-dangerous').click();
    await page.getByText('已处理 2 条申请').waitFor();
    await expect.poll(() => others.count(), { timeout: 15_000 }).toBe(0);
    const rejected = await apiGet<{
      total: number;
      rows: { decision: string; reason: string; status: string }[];
    }>(page, `/api/billing/v1/invoice-review/records?buyer=${encodeURIComponent(OTHER)}`);
    expect(rejected.total).toBe(2);
    for (const r of rejected.rows)
      expect(r).toMatchObject({ decision: 'rejected', reason: '金额与合同不符', status: 'draft' });
  });
});

describe('开票统计 on a fresh install: the demo invoices by month and by rate, with export', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'invoice-stats'));
  afterAll(async () => {
    await s?.close();
  });

  test('demo sees six months of issued invoices, a chart, a totals row, and exports them', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    await page.goto('/outputInvoiceManager/invoiceStatistic');
    const table = page.locator('.invoice-stats-table');
    await page.locator('.invoice-stats-chart canvas').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBeGreaterThanOrEqual(6);
    const summary = table.locator('.ant-table-summary');
    await expect.poll(() => summary.textContent()).toContain('合计');
    const total = Number((await summary.locator('td').nth(1).textContent())?.trim());
    expect(total).toBeGreaterThanOrEqual(20);

    await page.getByText('按税率', { exact: true }).click();
    await expect.poll(() => table.textContent()).toContain('13%');
    await expect.poll(() => table.textContent()).toContain('6%');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^开票统计_按税率.*\.xlsx$/);
  });
});
