import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiToken, launch, login, type Session, screenshotOnFailure, api } from './helpers.ts';

/**
 * Issue 30 §3: on a 390 px phone a buyer holding a code-board code opens the title page, types part of a company
 * name and picks a suggestion (the seller's customer: name and tax number), is told a short credit code is wrong,
 * saves the title on the phone, and finds it remembered on /chooseTitle and on the counter card. A page without a
 * code says what to scan.
 */
const SUFFIX = Date.now().toString(36);

describe('the buyer’s title pages on a phone (issue 30 §3)', () => {
  let s: Session;
  let code: string;
  beforeAll(async () => {
    s = await launch();
    await s.page.setViewportSize({ width: 390, height: 844 });
    const token = await apiToken('demo', 'Demo@123');
    const goods = await api<{ id: number }>(token, 'POST', '/api/billing/v1/userCommodityCode', {
      name: `E2E抬头服务${SUFFIX}`,
      taxCode: '3040201030000000000',
      rate: 'rate_6',
    });
    const board = await api<{ code: string }>(token, 'POST', '/api/self-service/v1/code-boards', {
      name: `抬头柜台${SUFFIX}`,
      kind: 'counter',
      invoiceKind: 'allEle',
      categoryIds: String(goods.id),
      capFen: 50_000,
      approval: 'auto',
      enabled: true,
    });
    code = board.code;
  }, 60_000);
  afterEach(screenshotOnFailure(() => s?.page, 'buyer-title'));
  afterAll(async () => {
    await s?.close();
  });

  test('without a code the page says what to scan', async () => {
    const { page } = s;
    await page.goto('/titleDetail');
    await page.getByText('请先扫描开票二维码').waitFor();
  });

  test('search, pick, warn, save and find the title remembered', async () => {
    const { page } = s;
    await page.goto(`/titleDetail?c=${code}`);
    await page.getByTestId('title-seller').waitFor();
    expect(await page.getByTestId('title-seller').textContent()).toContain('演示科技 · 张江店');
    const name = page.getByRole('combobox', { name: '抬头名称' });
    await name.fill('云帆');
    const option = page.getByRole('option').filter({ hasText: '上海云帆信息技术有限公司' });
    await option.waitFor();
    expect(await option.textContent()).toContain('91310104MA1FR8KX39');
    await option.getByRole('button').click();
    await expect.poll(() => page.getByLabel('税号').inputValue()).toBe('91310104MA1FR8KX39');
    // A checksum failure is a warning (domain notes §5.1), a malformed number an error shown on submit.
    await page.getByLabel('税号').fill('91350100M0001TGQXM');
    await page.getByText('统一社会信用代码校验位不符').waitFor();
    await page.getByLabel('税号').fill('12345');
    await page.getByRole('button', { name: '保存抬头' }).click();
    await page.getByText('税号格式不正确').waitFor();
    await page.getByLabel('税号').fill('91310104MA1FR8KX39');
    await page.getByRole('button', { name: '保存抬头' }).click();
    await page.getByTestId('title-saved').waitFor();
    // Phone-sized: nothing wider than 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`/chooseTitle?c=${code}`);
    await page.getByTestId('title-choose').getByText('上海云帆信息技术有限公司').waitFor();
    await page.goto(`/billsCollectionTitle?c=${code}`);
    await expect.poll(() => page.getByTestId('title-card').textContent()).toContain('91310104MA1FR8KX39');

    await page.getByRole('button', { name: '切换为英文' }).click();
    await page.getByText('Show these invoicing details to the cashier').waitFor();
    await page.getByRole('button', { name: 'Switch to Chinese' }).click();
  });

  test('the seller switches title suggestions off in 扫码开票设置 and the buyer’s page follows', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, 'demo', 'Demo@123');
    await page.goto('/systemSetupManager/scanTitle');
    await page.getByText('可申请的发票类型').waitFor({ timeout: 20_000 });
    await page.goto('/systemSetupManager/scanInvoice');
    const search = page.getByRole('switch', { name: '抬头联想' });
    await search.waitFor({ timeout: 20_000 });
    expect(await search.getAttribute('aria-checked')).toBe('true');
    await search.click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').first().waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/titleDetail?c=${code}`);
    await page.getByTestId('title-seller').waitFor();
    // No suggestions any more: the name is a plain text box.
    await page.getByLabel('抬头名称').fill('云帆');
    await page.waitForTimeout(600);
    expect(await page.getByTestId('title-suggestions').count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/systemSetupManager/scanInvoice');
    await page.getByRole('switch', { name: '抬头联想' }).click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test('a title QR in a picture fills the form (the decoder loads only then)', async () => {
    const { page } = s;
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.goto(`/titleUpload?c=${code}`);
    await page.getByTestId('title-form').waitFor();
    expect(scripts.some((u) => u.includes('qr-decode'))).toBe(false);
    const png = await QRCode.toBuffer(
      JSON.stringify({
        type: '0',
        title: '杭州扫码测试有限公司',
        taxNumber: '91330106MA2B2ABCDN',
        companyAddress: '杭州市西湖区1号',
      }),
      { width: 360, margin: 2 },
    );
    await page
      .getByTestId('title-qr-file')
      .setInputFiles({ name: 'title.png', mimeType: 'image/png', buffer: png });
    await page.getByText('已识别抬头，请核对').waitFor();
    expect(scripts.some((u) => u.includes('qr-decode'))).toBe(true);
    expect(await page.getByLabel('抬头名称').inputValue()).toBe('杭州扫码测试有限公司');
    expect(await page.getByLabel('税号').inputValue()).toBe('91330106MA2B2ABCDN');
    // An invoice's own QR is not a title.
    const invoiceQr = await QRCode.toBuffer('01,32,,24312000000136634917,0.01,20240514,,1DD6', {
      width: 300,
    });
    await page
      .getByTestId('title-qr-file')
      .setInputFiles({ name: 'inv.png', mimeType: 'image/png', buffer: invoiceQr });
    await page.getByText('这不是发票抬头二维码，请手动填写').waitFor();
  });

  test('an unknown code says the code is not valid', async () => {
    const { page } = s;
    await page.goto('/titleUpload?c=NoSuchCode0000000000');
    await page.getByText('二维码无效或已停用').first().waitFor();
  });
});
