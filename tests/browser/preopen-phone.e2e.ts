import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiToken, launch, login, type Session, screenshotOnFailure, api } from './helpers.ts';

/**
 * Issue 30 §2.9 at 390 px: the invoicer binds a phone with the console's binding code, opens an application by
 * its QR code, approves it, and the page follows the issuing to the result (number, PDF) without a reload.
 */
const RUN = Date.now().toString(36);
const BUYER = `手机审核测试${RUN}有限公司`;
const SALES = `psales${RUN}`;
const SALES_PASSWORD = 'Sales@2026x';

describe('预开审核手机端 (issue 30 §2.9)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await s.page.setViewportSize({ width: 390, height: 844 });
  });
  afterEach(screenshotOnFailure(() => s?.page, 'preopen-phone'));
  afterAll(async () => {
    await s?.close();
  });

  test('bind the phone, approve an application by its QR, see it issued', async () => {
    const { page } = s;
    const brand = await apiToken('brand', 'Brand@123');
    // Without a binding every page says what to do.
    await page.goto('/codeScanningInvoicing');
    await page.getByText('本手机尚未绑定').waitFor();
    await page.goto('/invoicerBinding');
    await page.getByText('请扫描绑定二维码').waitFor();

    const { url } = await api<{ url: string }>(brand, 'POST', '/api/billing/v1/preopen-phone/bind-codes');
    await page.goto(url);
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.getByText('绑定成功').waitFor();
    await expect.poll(() => page.textContent('body')).toContain('品牌管理员');

    // An application by a second member (the four-eyes rule), with its QR code from the console.
    const options = await api<{ groups: { id: number; code: string }[] }>(
      brand,
      'GET',
      '/api/admin/users/options',
    );
    const admins = options.groups.find((g) => g.code === 'admin')!;
    await api(brand, 'POST', '/api/admin/users', {
      username: SALES,
      password: SALES_PASSWORD,
      name: '销售小吴',
      groupIds: [admins.id],
    });
    const sales = await apiToken(SALES, SALES_PASSWORD);
    const inv = await api<{ id: number; status: string }>(sales, 'POST', '/api/billing/v1/invoices', {
      clientSerial: `e2e-preopen-phone-${RUN}`,
      type: 'digital_special',
      pricingMode: 'exclusive',
      buyer: { name: BUYER, taxNumber: '91320594MA1WQ2LB8E' },
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
    });
    expect(inv.status).toBe('pending_review');

    // The waiting list shows it.
    await page.getByRole('link', { name: '查看待审核申请' }).click();
    await page.getByText(BUYER).waitFor();
    // The demo seed's applications of brand (销售小王) wait there too on a fresh start.
    await page.getByText('上海云帆信息技术有限公司').waitFor();

    // The console: 绑定手机审核 lists this phone; the application's detail has its QR for the phone.
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'brand', 'Brand@123');
    await page.goto('/outputInvoiceManager/preopenAuditManager');
    await page.getByRole('button', { name: '绑定手机审核' }).click();
    const bindDialog = page.locator('.ant-modal').filter({ hasText: '我已绑定的手机' });
    await bindDialog.waitFor();
    await bindDialog.locator('canvas').first().waitFor();
    await expect.poll(() => bindDialog.textContent()).toContain('有效期至');
    await bindDialog.locator('.ant-modal-close').click();
    await page.getByPlaceholder('购买方名称或税号').fill(BUYER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: BUYER });
    await row.waitFor();
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await page.getByRole('button', { name: '手机扫码审核' }).click();
    const qrDialog = page.locator('.ant-modal').filter({ hasText: '用已绑定的审核手机扫码' });
    await qrDialog.locator('canvas').first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });

    const app = await api<{ url: string }>(
      brand,
      'POST',
      `/api/billing/v1/preopen-phone/applications/${inv.id}/code`,
    );
    await page.goto(app.url);
    await page.getByRole('heading', { name: BUYER }).waitFor();
    await expect.poll(() => page.textContent('body')).toContain('¥8,480.00');
    await expect.poll(() => page.textContent('body')).toContain('销售小吴');
    await page.getByRole('button', { name: '审核通过并开具' }).click();

    // Processing → result without a reload.
    await page.getByText('开具成功').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/invoicingStatus');
    expect(await page.textContent('body')).toMatch(/发票号码 \d{20}/);
    await page.getByRole('button', { name: '下载 PDF' }).waitFor();

    // The same QR again: already handled, by whom.
    await page.goto(app.url);
    await page.getByText('申请已处理').first().waitFor();
    await expect.poll(() => page.textContent('body')).toContain('审核通过');
    expect(new URL(page.url()).pathname).toBe('/preopeningOver');
  });
});
