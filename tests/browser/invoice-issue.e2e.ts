import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure, sidebarPaths } from './helpers.ts';

const PAGE = '/outputInvoiceManager/invoiceOpener';

describe('发票开具', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'invoice-issue'));
  afterAll(async () => {
    await s?.close();
  });

  test('demo picks a buyer and a commodity, sees the totals, issues and opens the PDF', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    await page.goto(PAGE);
    const form = page.locator('form#invoice-form-issue');
    await form.waitFor({ timeout: 30_000 });

    // Buyer from the customer picker: every field is filled from the saved title.
    await form.locator('#buyer-name').fill('上海云帆');
    await page.getByTestId('buyer-option').filter({ hasText: '上海云帆信息技术有限公司' }).first().click();
    await expect.poll(() => form.locator('#buyer-tax-number').inputValue()).toBe('91310104MA1FR8KX39');

    // A line from the commodity picker: 接口服务费, 1 × 1000.00 at 6%.
    const row = form.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.locator('input').first().click();
    await row.locator('input').first().fill('接口服务');
    await page.getByTestId('commodity-option').filter({ hasText: '接口服务费' }).first().click();
    await expect.poll(() => row.getByTestId('line-quantity-0').inputValue()).toBe('1');

    // Issue 28 §7: the rate select offers only what 软件维护服务 (6%) allows, each levy with its flag.
    await row.getByTestId('line-rate-0').click();
    const rateOptions = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    );
    await expect
      .poll(() => rateOptions.allTextContents())
      .toEqual([
        '6%',
        '免税',
        '普通零税率',
        '3%（按3%简易征收）',
        '1%（小规模纳税人减按1%征收）',
        '5%（按5%简易征收）',
      ]);
    await page.keyboard.press('Escape');

    // Live totals and 大写 from the engine.
    await expect
      .poll(() => form.getByTestId('total-total').textContent(), { timeout: 15_000 })
      .toBe('1,060.00');
    expect(await form.getByTestId('total-tax').textContent()).toBe('60.00');
    expect(await form.getByTestId('total-words').textContent()).toBe('壹仟零陆拾圆整');

    // The face preview shows the same figures.
    await form.getByRole('button', { name: /预\s*览/ }).click();
    const face = page.getByTestId('invoice-face');
    await face.waitFor();
    expect(await face.getByTestId('face-total').textContent()).toBe('¥1060.00');
    await page.getByTestId('preview-close').click();
    await face.waitFor({ state: 'detached' });

    // Issue: progress without a manual refresh until 已开具 with its 20-digit number.
    await form.getByTestId('issue-submit').click();
    await expect
      .poll(() => page.getByTestId('issue-result-title').textContent(), { timeout: 30_000 })
      .toBe('开具成功');
    const number = (await page.getByTestId('issue-number').textContent()) ?? '';
    expect(number).toMatch(/^\d{20}$/);

    // The PDF link fetches the layout file with the session's credentials.
    const pdf = page.waitForResponse((r) => /\/api\/billing\/v1\/invoices\/\d+\/files\/pdf/.test(r.url()), {
      timeout: 30_000,
    });
    await page.getByTestId('pdf-link').click();
    const res = await pdf;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');

    // 开具下一张 starts an empty form with a new serial.
    await page.getByTestId('issue-next').click();
    await form.waitFor();
    expect(await form.locator('#buyer-name').inputValue()).toBe('');
  });

  test('a typed line with an engine error is named; saved as a draft, it is edited and submitted from 待开发票', async () => {
    const { page } = s;
    await page.goto(PAGE);
    const form = page.locator('form#invoice-form-issue');
    await form.waitFor({ timeout: 30_000 });
    const buyer = `草稿测试购买方${Date.now().toString(36)}`;
    // 普票 to a natural person: no tax number needed.
    await form.locator('#buyer-name').fill(buyer);
    await form.getByRole('switch').nth(1).click();

    const row = form.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.locator('input').first().fill('*信息技术服务*草稿测试服务');
    await row.getByTestId('line-quantity-0').fill('1');
    await row.getByTestId('line-price-0').fill('0');
    // The engine's message is shown beside its line.
    await expect.poll(() => row.getByTestId('line-error').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await row.getByTestId('line-price-0').fill('50');
    await expect.poll(() => form.getByTestId('total-total').textContent(), { timeout: 15_000 }).toBe('56.50');
    await form.getByRole('button', { name: '保存草稿' }).click();
    await page.getByText('草稿已保存').waitFor();

    await page.goto('/outputInvoiceManager/stayOpenInvoice');
    const draftRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: buyer });
    await draftRow.waitFor({ timeout: 30_000 });
    await draftRow.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '编辑草稿' });
    await dialog.waitFor();
    const editRow = dialog.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => editRow.getByTestId('line-quantity-0').inputValue()).toBe('1');
    await editRow.getByTestId('line-quantity-0').fill('2');
    await expect
      .poll(() => dialog.getByTestId('total-total').textContent(), { timeout: 15_000 })
      .toBe('113.00');
    await dialog.getByTestId('issue-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => draftRow.count(), { timeout: 15_000 }).toBe(0);

    // One invoice, with the edited figures, submitted (no longer a draft).
    const list = await apiGet<{ rows: { status: string; totalFen: number }[] }>(
      page,
      `/api/billing/v1/invoices?keyword=${encodeURIComponent(buyer)}`,
    );
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0].totalFen).toBe(11_300);
    expect(list.rows[0].status).not.toBe('draft');

    // The issuing queue opens (it lists what waits for or was refused by the bureau).
    await page.goto('/outputInvoiceManager/stayOpenList');
    await page.locator('.ant-table').first().waitFor();
  });

  test('sidebar rule: demo (direct) has 发票开具 only; brand (预开) applies through 预开申请 into 待审核', async () => {
    const { page } = s;
    const demoPaths = await sidebarPaths(page);
    expect(demoPaths).toContain(PAGE);
    expect(demoPaths).not.toContain('/outputInvoiceManager/preopenApplication');

    await s.context.clearCookies();
    await login(page, 'brand', 'Brand@123');
    const brandPaths = await sidebarPaths(page);
    expect(brandPaths).not.toContain(PAGE);
    expect(brandPaths).toContain('/outputInvoiceManager/preopenApplication');

    await page.goto('/outputInvoiceManager/preopenApplication');
    const form = page.locator('form#invoice-form-preopen');
    await form.waitFor({ timeout: 30_000 });
    const buyer = `预开测试个人${Date.now().toString(36)}`;
    await form.locator('#buyer-name').fill(buyer);
    await form.getByRole('switch').nth(1).click();
    const row = form.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.locator('input').first().fill('*信息技术服务*咨询服务');
    await row.getByTestId('line-quantity-0').fill('3');
    await row.getByTestId('line-price-0').fill('100');
    await expect
      .poll(() => form.getByTestId('total-total').textContent(), { timeout: 15_000 })
      .toBe('339.00');
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect
      .poll(() => page.getByTestId('issue-result-title').textContent(), { timeout: 30_000 })
      .toBe('申请已提交，等待财务审核');
    // "My applications" lists it as 待审核.
    const mine = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: buyer });
    await mine.waitFor({ timeout: 15_000 });
    expect(await mine.textContent()).toContain('待审核');
  });
});
