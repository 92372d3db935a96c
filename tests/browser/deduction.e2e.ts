import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { api, apiToken, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * The purchase side's whole month in one flow (issue 31 §6): the demo company issues a 数电专票 to 品牌定制集团
 * in the sandbox; brand's finance user collects it (立即同步 on 发票查询), checks it (查验: number, date, total —
 * the bureau's answer 一致), selects it for the current period (处理中 until the sandbox bureau answers, then
 * 已勾选), applies for statistics and confirms with the second password — a wrong one is refused beside the
 * field, the user's own password confirms and the period shows locked.
 */
const BRAND = { name: '品牌定制集团有限公司', taxNumber: '91440300MA5FPX7Q2H' };
const SUFFIX = Date.now().toString(36);

describe('收票、查验、勾选与确认 (issue 31)', () => {
  let s: Session;
  let number: string;
  let issueDate: string;
  let totalYuan: string;
  beforeAll(async () => {
    s = await launch();
    const demo = await apiToken('demo', 'Demo@123');
    const created = await api<{ id: number }>(demo, 'POST', '/api/billing/v1/invoices', {
      clientSerial: `E2E-JX-${SUFFIX}`,
      type: 'digital_special',
      pricingMode: 'exclusive',
      buyer: {
        ...BRAND,
        address: '深圳市南山区科技园 0755-26000000',
        bank: '招商银行深圳分行 755900000010801',
      },
      lines: [
        {
          name: '*软件维护服务*接口服务费',
          taxCode: '3040201030000000000',
          unit: '次',
          quantity: '3',
          unitPrice: '100',
          rate: 'rate_6',
        },
      ],
    });
    for (let i = 0; i < 120; i++) {
      const inv = await api<{ number: string | null; issuedAt: string | null; totalFen: number }>(
        demo,
        'GET',
        `/api/billing/v1/invoices/${created.id}`,
      );
      if (inv.number && inv.issuedAt) {
        number = inv.number;
        // The bureau's date is Beijing's.
        issueDate = new Date(Date.parse(inv.issuedAt) + 8 * 3600_000).toISOString().slice(0, 10);
        totalYuan = (inv.totalFen / 100).toFixed(2);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(number).toBeTruthy();
  }, 120_000);
  afterEach(screenshotOnFailure(() => s?.page, 'deduction'));
  afterAll(async () => {
    await s?.close();
  });

  test('a finance user collects, checks, selects for the period and confirms with the second password', async () => {
    const { page } = s;
    await login(page, 'brand', 'Brand@123');

    // 收票: the bureau's new invoice arrives with 立即同步.
    await page.goto('/receiptsInvoice/invoiceQuery');
    await page.getByRole('button', { name: '立即同步' }).click();
    await page.getByText(/同步完成：新增 [1-9]\d* 张/).waitFor({ timeout: 30_000 });
    await page.locator('.ant-table-row', { hasText: number }).first().waitFor({ timeout: 30_000 });

    // 查验: the elements as printed on the invoice; the bureau answers 一致.
    await page.goto('/receiptsInvoice/intelligentCheck');
    await page.locator('#check-elements_number').fill(number);
    await page.locator('#check-elements_issueDate').fill(issueDate);
    await page.locator('#check-elements_issueDate').press('Enter');
    await page.locator('#check-elements_amount').fill(totalYuan);
    await page.getByTestId('check-submit').click();
    await page.getByTestId('check-result').getByText('查验一致：发票真实有效').waitFor({ timeout: 30_000 });

    // 勾选: that invoice, for the current period.
    await page.goto('/receiptsInvoice/checkAuthority');
    const row = page.locator('.ant-table-tbody .ant-table-row', { hasText: number });
    await row.waitFor({ timeout: 30_000 });
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('select-picked').click();
    await page.getByText('已提交税局 1 张').waitFor();
    // 处理中 until the bureau's answer (the page polls), then 已勾选 in 本期已勾选.
    await page.getByText('本期已勾选').click();
    await page
      .locator('.ant-table-row', { hasText: number })
      .locator('[data-testid="selection-state"]', { hasText: '已勾选' })
      .waitFor({ timeout: 30_000 });

    // 统计 and 确认.
    await page.goto('/receiptsInvoice/confirmPwd');
    await page.getByTestId('apply-stats').click();
    await page.getByTestId('step-ok').click();
    await expect
      .poll(() => page.getByTestId('period-state').textContent(), { timeout: 30_000 })
      .toBe('已申请统计');

    await page.getByTestId('confirm-open').click();
    await page.getByPlaceholder('您的登录密码').fill('Wrong@999');
    await page.getByTestId('confirm-ok').click();
    await page.getByText('确认密码不正确').waitFor();
    expect(await page.getByTestId('period-state').textContent()).toBe('已申请统计');
    await page.getByPlaceholder('您的登录密码').fill('Brand@123');
    await page.getByTestId('confirm-ok').click();
    await expect
      .poll(() => page.getByTestId('period-state').textContent(), { timeout: 30_000 })
      .toBe('已确认（锁定）');
    await page.getByText('所属期已确认').first().waitFor();
  });
});
