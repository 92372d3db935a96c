import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

const SUFFIX = Date.now().toString(36);
const PRINTER = `E2E打印机${SUFFIX}`;
const DRAWER = `E2E开票员${SUFFIX}`;
// A 1×1 transparent PNG.
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

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

const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

describe('invoice print setup and printing', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    // Every frame (the hidden print frame too) records print() instead of opening the dialog.
    await s.context.addInitScript(() => {
      const w = globalThis as unknown as {
        print: () => void;
        top: { __prints?: string[] } | null;
        document: { documentElement: { outerHTML: string } };
      };
      w.print = () => {
        if (!w.top) return;
        w.top.__prints = [...(w.top.__prints ?? []), w.document.documentElement.outerHTML];
      };
    });
  });
  afterEach(screenshotOnFailure(() => s?.page, 'invoice-print'));
  afterAll(async () => {
    await s?.close();
  });

  test('opener setup: a default drawer and the seal', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    await page.goto('/outputInvoiceManager/openerSetup');
    await page.getByTestId('opener-add-drawer').click();
    const add = dialog(page, '新增开票人');
    await add.getByLabel('姓名').fill(DRAWER);
    await add.getByRole('switch').click();
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-table-tbody tr').filter({ hasText: DRAWER }).waitFor();
    const defaults = await apiGet<{ drawer: string | null }>(page, '/api/billing/v1/opener-defaults');
    expect(defaults.drawer).toBe(DRAWER);

    await page
      .locator('.ant-card')
      .filter({ hasText: '发票专用章' })
      .locator('input[type=file]')
      .setInputFiles({
        name: 'seal.png',
        mimeType: 'image/png',
        buffer: PNG_1PX,
      });
    await page.getByTestId('seal-preview').waitFor();
  });

  test('print setup and printing two invoices through the hidden frame', async () => {
    const { page } = s;
    await page.goto('/outputInvoiceManager/printSetup');
    await page.getByRole('button', { name: '新增打印机设置' }).click();
    const add = dialog(page, '新增打印机设置');
    await add.getByLabel('打印机名称').fill(PRINTER);
    await add.getByLabel('左右偏移（毫米）').fill('12.5');
    await add.getByLabel('上下偏移（毫米）').fill('-3');
    await add.getByLabel('默认打印机').click();
    await add.getByRole('button', { name: /保\s*存/ }).click();
    const row = page.locator('.ant-table-tbody tr').filter({ hasText: PRINTER });
    await row.waitFor();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('12.5 毫米');

    // The test page goes through the hidden frame, which is gone shortly after printing.
    await row.getByRole('button', { name: '测试打印' }).click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as { __prints?: string[] }).__prints?.length ?? 0), {
        timeout: 15_000,
      })
      .toBe(1);
    const grid = await page.evaluate(() => (globalThis as unknown as { __prints: string[] }).__prints[0]);
    expect(grid).toContain('translate(12.5mm, -3mm)');
    await expect.poll(() => page.locator('iframe[aria-hidden="true"]').count(), { timeout: 15_000 }).toBe(0);

    // Two issued invoices to print.
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const inv = await apiSend<{ id: number }>(page, 'POST', '/api/billing/v1/invoices', {
        clientSerial: `E2E-PRINT-${SUFFIX}-${i}`,
        type: 'digital_ordinary',
        pricingMode: 'exclusive',
        buyer: { name: `打印测试买方${SUFFIX}`, taxNumber: '91310104MA1FR8KX39' },
        lines: [
          {
            name: '*软件维护服务*打印测试',
            taxCode: '3040201030000000000',
            quantity: '1',
            unitPrice: '100',
            rate: 'rate_6',
          },
        ],
      });
      ids.push(inv.id);
    }
    await expect
      .poll(
        async () =>
          (
            await apiGet<{ rows: { id: number }[] }>(
              page,
              `/api/billing/v1/invoice-print?buyerName=${SUFFIX}`,
            )
          ).rows.length,
        { timeout: 30_000 },
      )
      .toBe(2);

    await page.goto('/outputInvoiceManager/invoicePrint');
    await page.locator('form#invoice-print-filters').getByLabel('购买方名称').fill(SUFFIX);
    await page
      .locator('form#invoice-print-filters')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await expect
      .poll(() => page.getByTestId('printer-select').textContent(), { timeout: 15_000 })
      .toContain(PRINTER);

    await page.getByRole('button', { name: /预\s*览/ }).click();
    const preview = dialog(page, '打印预览');
    await expect.poll(() => preview.getByTestId('invoice-face').count(), { timeout: 15_000 }).toBe(2);
    await preview.getByRole('button', { name: /取\s*消/ }).click();

    // The console was loaded afresh by goto, so this is the page's first print.
    await page.getByTestId('print-selected').click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as { __prints?: string[] }).__prints?.length ?? 0), {
        timeout: 15_000,
      })
      .toBe(1);
    const doc = await page.evaluate(() => (globalThis as unknown as { __prints: string[] }).__prints[0]);
    expect(doc.match(/class="sheet"/g)).toHaveLength(2);
    expect(doc).toContain('@page');
    expect(doc).toContain('translate(12.5mm, -3mm)');
    expect(doc).toContain(`打印测试买方${SUFFIX}`);
    await expect.poll(() => page.locator('iframe[aria-hidden="true"]').count(), { timeout: 15_000 }).toBe(0);
  });

  test("the platform admin reads and sets a tenant's monthly credit line in yuan", async () => {
    // A browser of its own: the platform account never shares the demo user's session.
    const admin = await launch();
    try {
      await creditLineFlow(admin.page);
    } finally {
      await admin.close();
    }
  });
});

/** 授信额度 on the platform's tenant page: shows this month's line, refuses 3 decimals, saves yuan as fen. */
async function creditLineFlow(page: Page) {
  await login(page, 'admin', 'Admin@123');
  await page.goto('/baseManager/tenantManager');
  const row = page
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ hasText: '演示科技有限公司' })
    .first();
  await row.getByRole('button', { name: '授信额度' }).click();
  const credit = dialog(page, '授信额度');
  await expect
    .poll(() => credit.getByTestId('credit-limit').textContent(), { timeout: 15_000 })
    .toMatch(/\d/);
  await credit.getByLabel('调整月度额度（元）').fill('12.345');
  await expect.poll(() => credit.textContent(), { timeout: 15_000 }).toContain('最多两位小数');
  await credit.getByLabel('调整月度额度（元）').fill('2000000.5');
  await credit.getByRole('button', { name: /保\s*存/ }).click();
  await expect
    .poll(
      async () => {
        const tenants = await apiGet<{ rows: { id: number; name: string }[] }>(
          page,
          '/api/admin/tenants?limit=100',
        );
        const demo = tenants.rows?.find((t) => t.name === '演示科技有限公司');
        if (!demo) return null;
        return (
          await apiGet<{ monthlyLimitFen: number }>(page, `/api/billing/v1/creditLine?tenantId=${demo.id}`)
        ).monthlyLimitFen;
      },
      { timeout: 15_000 },
    )
    .toBe(200_000_050);
}
