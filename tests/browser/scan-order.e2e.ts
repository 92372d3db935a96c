import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiToken, BASE_URL, launch, login, type Session, screenshotOnFailure, api } from './helpers.ts';

/**
 * Issue 30 §2–4: on a 390 px phone a buyer opens a scan order's link, sees the seller, amount and lines, picks a
 * title from the suggestions, issues the invoice and downloads it; the code then shows the result, never a second form. A page without
 * a code, a forged code and an expired one say what to do. The seller sees the order invoiced and the request issued in the
 * console, and creates an order with its QR code there.
 */
const SUFFIX = Date.now().toString(36);

describe('scan-to-invoice on a phone (issue 30)', () => {
  let s: Session;
  let order: { id: number; code: string };
  beforeAll(async () => {
    s = await launch();
    await s.page.setViewportSize({ width: 390, height: 844 });
    const token = await apiToken('demo', 'Demo@123');
    order = await api(token, 'POST', '/api/self-service/orders', {
      externalNo: `E2E-${SUFFIX}`,
      origin: 'pos',
      lines: [
        { name: '*餐饮服务*午餐', amountFen: 8_800, rate: 'rate_6' },
        { name: '*餐饮服务*饮料', amountFen: 1_200, rate: 'rate_6' },
      ],
    });
  }, 60_000);
  afterEach(screenshotOnFailure(() => s?.page, 'scan-order'));
  afterAll(async () => {
    await s?.close();
  });

  test('without a code, or with a forged one, the page says what to do', async () => {
    const { page } = s;
    await page.goto('/webIndex');
    await page.getByText('请扫描小票上的开票二维码').waitFor();
    await page.goto('/webIndexBwt?c=AAAAAAAAAAAAAAAA');
    await page.getByText('开票二维码无效').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('电子发票服务平台');
  });

  test('an expired code shows its page, never the form', async () => {
    const { page } = s;
    // The demo company has an order past its window on a fresh start (scan-orders seed).
    const token = await apiToken('demo', 'Demo@123');
    const expired = await api<{ rows: { code: string; state: string }[] }>(
      token,
      'GET',
      '/api/self-service/orders?state=expired',
    );
    const code = expired.rows[0]?.code;
    expect(code).toBeTruthy();
    await page.goto(`/webIndex?c=${code}`);
    await page.getByText('开票码已过期').waitFor();
    expect(await page.getByRole('link', { name: '填写抬头开票' }).count()).toBe(0);
    // The title step of the same code sends the buyer back to where it stands, never a form.
    await page.goto(`/applicationInvoice?c=${code}`);
    await page.getByText('开票码已过期').waitFor();
    expect(await page.getByTestId('order-submit').count()).toBe(0);
  });

  test('open the link, pick the title, get the invoice and its PDF', async () => {
    const { page } = s;
    await page.goto(`/webIndex?c=${order.code}`);
    await page.getByTestId('order-amount').waitFor();
    expect(await page.getByTestId('order-amount').textContent()).toBe('¥100.00');
    await page.getByText('*餐饮服务*午餐').waitFor();
    await page.getByRole('link', { name: '填写抬头开票' }).click();

    // Pick the title from the suggestions (the seller's customer) rather than typing it whole.
    await page.getByRole('combobox', { name: '抬头名称' }).fill('云帆');
    const option = page.getByRole('option').filter({ hasText: '上海云帆信息技术有限公司' });
    await option.waitFor();
    await option.getByRole('button').click();
    await expect.poll(() => page.getByLabel('税号').inputValue()).toBe('91310104MA1FR8KX39');
    expect(await page.getByRole('combobox', { name: '抬头名称' }).inputValue()).toBe(
      '上海云帆信息技术有限公司',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('order-submit').click();

    const pdf = page.getByTestId('result-pdf');
    await pdf.waitFor({ timeout: 30_000 });
    await page.getByText('上海云帆信息技术有限公司').first().waitFor();
    const href = await pdf.getAttribute('href');
    expect(href).toMatch(/^\/api\/public\/delivery\/links\/[0-9A-Za-z]{16}\/files\/pdf/);
    const file = await fetch(`${BASE_URL}${href}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');

    // The code is spent: opening it again shows the result, never a second form.
    await page.goto(`/applicationInvoice?c=${order.code}`);
    await page.getByText('发票已开具').waitFor();
    expect(await page.getByTestId('order-submit').count()).toBe(0);
  }, 60_000);

  test('the seller sees the order invoiced and creates another; its short link opens the buyer page', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, 'demo', 'Demo@123');
    await page.goto('/outputInvoiceManager/smallTicketRecord');
    await page.getByTestId(`order-state-${order.id}`).getByText('已开票').waitFor({ timeout: 20_000 });
    await page.goto('/outputInvoiceManager/invoiceApply');
    await page.getByRole('button', { name: /查\s*询/ }).waitFor({ timeout: 20_000 });
    await page.goto('/outputInvoiceManager/sweepCode');
    await page.getByTestId('order-add').click();
    await page.getByPlaceholder('*餐饮服务*餐费').fill('停车费');
    // The tax code is picked from the catalogue (智能赋码), which also puts the 简称 before the name.
    await page.getByTestId('order-line-pick-0').click();
    await page.locator('.ant-popover .ant-card').first().click();
    await expect.poll(() => page.getByTestId('order-line-taxcode-0').inputValue()).toMatch(/^\d{19}$/);
    expect(await page.getByPlaceholder('*餐饮服务*餐费').inputValue()).toMatch(/^\*[^*]+\*停车费$/);
    await page.getByRole('spinbutton', { name: /金额/ }).fill('15');
    await expect.poll(() => page.getByTestId('order-total').textContent()).toContain('15.00');
    await page.getByRole('button', { name: '生成开票码' }).click();
    await page.getByTestId('order-qr').waitFor();
    const url = (await page.getByTestId('order-url').textContent()) ?? '';
    expect(url).toMatch(/\/q\/[0-9A-Za-z]{16}$/);
    // The short link leads to the buyer's page of the new order.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL(url).pathname);
    await page.getByTestId('order-amount').waitFor();
    expect(await page.getByTestId('order-amount').textContent()).toBe('¥15.00');
  }, 60_000);
});
