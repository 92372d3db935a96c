import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * 勾选 / 统计确认 (issue 31, lane DEDUCT): the demo company's finance user selects a received 专票 for the current
 * period (处理中 until the sandbox bureau answers, then 已勾选 — the embedded sandbox answers at once), applies for statistics and confirms with the second
 * password — a wrong one is refused beside the field, the user's own password confirms and the period shows locked.
 */
describe('勾选与确认 (issue 31)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'deduction'));
  afterAll(async () => {
    await s?.close();
  });

  test('a finance user selects invoices for the period and confirms with the second password', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    await page.goto('/receiptsInvoice/checkAuthority');
    const first = page.locator('.ant-table-tbody .ant-table-row').first();
    await first.waitFor({ timeout: 30_000 });
    await first.locator('.ant-checkbox-input').check();
    const number = ((await first.locator('td').nth(2).textContent()) ?? '').trim();
    expect(number).toMatch(/^\d/);
    await page.getByTestId('select-picked').click();
    await page.getByText('已提交税局 1 张').waitFor();
    // 处理中 until the bureau's answer (the page polls), then 已勾选 in 本期已勾选.
    await page.getByText('本期已勾选').click();
    await page
      .locator('.ant-table-row', { hasText: number })
      .locator('[data-testid="selection-state"]', { hasText: '已勾选' })
      .waitFor({ timeout: 30_000 });

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
    await page.getByPlaceholder('您的登录密码').fill('Demo@123');
    await page.getByTestId('confirm-ok').click();
    await expect
      .poll(() => page.getByTestId('period-state').textContent(), { timeout: 30_000 })
      .toBe('已确认（锁定）');
    await page.getByText('所属期已确认').first().waitFor();
  });
});
