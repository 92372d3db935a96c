import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiToken, launch, login, type Session, screenshotOnFailure, api } from './helpers.ts';

/**
 * Issue 30 (lane WALLETS) at 390 px: a buyer opens the card-bag page of an issued invoice's link, puts it into
 * the Alipay card bag and sees it arrive without a reload (the sandbox calls back signed); pages without a code or
 * with an unknown one say what to do; the test channel says so; the QR page shows the code. Then the seller sees
 * the insertion on 支付宝插卡记录 and the seeded account on 微信卡包设置 with its secrets masked.
 */
const SUFFIX = Date.now().toString(36);
const BUYER = `卡包买方${SUFFIX}有限公司`;

describe('电子发票卡包 (issue 30)', () => {
  let s: Session;
  let token: string;
  let code: string;
  let number: string;
  beforeAll(async () => {
    s = await launch();
    token = await apiToken('demo', 'Demo@123');
    const created = await api<{ id: number }>(token, 'POST', '/api/billing/v1/invoices', {
      clientSerial: `E2E-W-${SUFFIX}`,
      type: 'digital_ordinary',
      pricingMode: 'exclusive',
      buyer: { name: BUYER, email: `wallet-${SUFFIX}@example.com` },
      lines: [
        {
          name: '*软件维护服务*接口服务费',
          taxCode: '3040201030000000000',
          unit: '次',
          quantity: '1',
          unitPrice: '100',
          rate: 'rate_6',
        },
      ],
    });
    const url = `/api/delivery/v1/invoices/${created.id}/deliveries`;
    let link = '';
    for (let i = 0; i < 120 && !link; i++) {
      const rows = (await api<{ rows: { link: string | null }[] }>(token, 'GET', url)).rows;
      link = rows.find((r) => r.link)?.link ?? '';
      if (!link) await new Promise((r) => setTimeout(r, 500));
    }
    code = link.split('/s/')[1];
    number = (await api<{ number: string }>(token, 'GET', `/api/billing/v1/invoices/${created.id}`)).number;
  }, 120_000);
  afterEach(screenshotOnFailure(() => s?.page, 'wallet-card-bag'));
  afterAll(async () => {
    await s?.close();
  });

  test('the buyer puts the invoice into the Alipay card bag; it arrives without a reload', async () => {
    const phone = s.page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/alipayCardBag');
    await phone.getByRole('heading', { name: '请通过发票链接打开' }).waitFor();
    await phone.goto('/webInsertCard?c=NoSuchCode000000');
    await phone.getByRole('heading', { name: '发票链接不可用' }).waitFor();

    await phone.goto(`/alipayCardBag?c=${code}`);
    await phone.getByTestId('wallet-invoice').waitFor();
    expect(await phone.getByTestId('wallet-invoice').textContent()).toContain(number);
    expect(await phone.getByTestId('wallet-invoice').textContent()).toContain('¥106.00');
    await phone.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await phone.getByTestId('wallet-insert-alipay').click();
    await expect
      .poll(() => phone.getByTestId('wallet-alipay-state').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('inserted');
    expect(await phone.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    if (process.env.WALLET_SHOTS) await phone.screenshot({ path: '/tmp/wallet-phone.png', fullPage: true });
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Both bags on the status page; the test channel says it is one.
    await phone.goto(`/openInvoiceStatus?c=${code}`);
    await phone.getByTestId('wallet-wechat').waitFor();
    expect(await phone.getByTestId('wallet-alipay-state').getAttribute('data-state')).toBe('inserted');
    expect(await phone.getByTestId('wallet-wechat-state').getAttribute('data-state')).toBe('none');
    await phone.goto(`/alipayCardBagTest?c=${code}`);
    await phone.getByTestId('wallet-test-channel').waitFor();
    await phone.goto(`/invoice/QRCode?c=${code}`);
    await phone.getByTestId('wallet-qr').waitFor();
    await expect
      .poll(() => phone.getByTestId('wallet-qr').evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
  });

  test('the seller sees the insertion and the accounts with masked secrets', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'demo', 'Demo@123');
    await page.goto('/systemSetupManager/alipayList');
    await page.getByText(number).waitFor();
    await page.goto('/systemSetupManager/wechatList');
    await page.getByText('买方已删除').first().waitFor();
    if (process.env.WALLET_SHOTS) await page.screenshot({ path: '/tmp/wallet-list.png' });
    await page.goto('/systemSetupManager/wxSet');
    await page.getByText('微信支付（测试通道）').waitFor();
    await page.getByRole('button', { name: '编辑' }).first().click();
    await page.getByLabel('AppID').waitFor();
    expect(await page.getByLabel('AppID').inputValue()).toBe('wx8888888888888888');
    await page.getByRole('button', { name: /取\s*消/ }).click();
  });
});
