import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiToken, launch, login, type Session, screenshotOnFailure, api } from './helpers.ts';

/**
 * Issue 30 §4 at 390 px: a buyer scans a code board that needs the seller's review, asks for an invoice, and
 * while the status page waits the seller approves the request in the console (开票申请); the buyer's page turns
 * to "issued" without a reload.
 */
const RUN = Date.now().toString(36);
const BUYER = `码牌浏览器测试${RUN}有限公司`;

describe('码牌 (issue 30)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'code-board'));
  afterAll(async () => {
    await s?.close();
  });

  test('a board buyer asks, the seller approves in the console, the buyer page updates without a reload', async () => {
    const demo = await apiToken('demo', 'Demo@123');
    const goods = await api<{ id: number }>(demo, 'POST', '/api/billing/v1/userCommodityCode', {
      name: `码牌停车费${RUN}`,
      taxCode: '3040502020200000000',
      rate: 'rate_9',
    });
    const board = await api<{ id: number; code: string }>(demo, 'POST', '/api/self-service/v1/code-boards', {
      name: `浏览器测试码牌${RUN}`,
      kind: 'counter',
      invoiceKind: 'allEle',
      categoryIds: String(goods.id),
      capFen: 30_000,
      approval: 'manual',
      enabled: true,
    });

    // The buyer's phone.
    const phone = s.page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/allEleCodeBoardPlat');
    await phone.getByText('请扫描码牌上的二维码').waitFor();
    await phone.goto(`/allEleCodeBoardPlat?c=${'Z'.repeat(20)}`);
    await phone.getByRole('heading', { name: '码牌暂不可用' }).waitFor();

    await phone.goto(`/allEleCodeBoardPlat?c=${board.code}`);
    await phone.getByTestId('board-card').waitFor();
    expect(await phone.getByTestId('board-card').textContent()).toContain(`浏览器测试码牌${RUN}`);
    await expect.poll(() => phone.textContent('body')).toContain('¥300.00');
    await phone.getByRole('link', { name: '申请开票' }).click();
    await phone.getByTestId('board-form').waitFor();
    expect(new URL(phone.url()).pathname).toBe('/allEleBusinessBind');

    // Above the cap: refused on the page, nothing sent.
    await phone.getByLabel('开票金额（元）').fill('300.01');
    await phone.getByLabel('抬头名称').fill(BUYER);
    await phone.getByLabel('税号').fill('91310104MA1FR8KX39');
    await phone.getByRole('button', { name: '提交申请' }).click();
    await phone.getByText('单笔开票金额不能超过 ¥300.00').waitFor();
    await phone.getByLabel('开票金额（元）').fill('88.50');
    await phone.getByRole('button', { name: '提交申请' }).click();

    await phone.waitForURL((u) => u.pathname === '/allEleBindSuccess');
    await phone.getByText('已提交，等待商家审核').waitFor();
    // A marker a reload would wipe.
    await phone.evaluate(() => {
      (window as unknown as { boardMarker: number }).boardMarker = 1;
    });

    // The seller, in the console: 开票申请 lists it; approve.
    const consolePage = await s.context.newPage();
    await login(consolePage, 'demo', 'Demo@123');
    const list = await api<{ rows: { id: number; buyerName: string; state: string }[] }>(
      demo,
      'GET',
      `/api/self-service/requests?q=${encodeURIComponent(BUYER)}`,
    );
    const request = list.rows.find((r) => r.buyerName === BUYER);
    expect(request?.state).toBe('pending');
    await consolePage.goto('/outputInvoiceManager/invoiceApply');
    await consolePage.getByTestId(`approve-${request!.id}`).click();
    await consolePage.locator('.ant-popconfirm .ant-btn-primary').click();

    // The buyer's page follows without a reload.
    await phone.getByText('发票已开具').waitFor({ timeout: 60_000 });
    expect(await phone.evaluate(() => (window as unknown as { boardMarker?: number }).boardMarker)).toBe(1);
    expect(new URL(phone.url()).pathname).toBe('/allEleBindSuccess');
    await expect.poll(() => phone.textContent('body')).toContain('¥88.50');
    await phone.getByRole('link', { name: '查看发票' }).waitFor();
    await consolePage.close();
  });

  test('the seller creates a board in 码牌管理 and downloads its poster', async () => {
    // Its own browser: the first test's context is signed in already.
    const own = await launch();
    try {
      const { page } = own;
      await login(page, 'demo', 'Demo@123');
      await page.goto('/outputInvoiceManager/codeBoard');
      await page
        .getByRole('button', { name: /新\s*增/ })
        .first()
        .click();
      const drawer = page.locator('.ant-drawer');
      const option = (text: string) =>
        page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
          .filter({ hasText: text });
      const name = `控制台码牌${RUN}`;
      await drawer.getByLabel('码牌名称').fill(name);
      await drawer.getByLabel('码牌类型').click();
      await option('柜台').click();
      await drawer.getByLabel('发票种类').click();
      await option('全电发票').click();
      await drawer.getByLabel('审核方式').click();
      await option('人工审核').click();
      await drawer.getByLabel('单笔上限').fill('300');
      await drawer.getByLabel('允许的商品类别').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .first()
        .click();
      await page.keyboard.press('Escape');
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.textContent()).toContain('¥300.00');
      const download = page.waitForEvent('download');
      await row.getByRole('button', { name: '下载海报' }).click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    } finally {
      await own.close();
    }
  });
});
