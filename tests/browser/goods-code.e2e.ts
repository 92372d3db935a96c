import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

const PAGE = '/outputInvoiceManager/goodsCode';
const GOODS_API = '/api/billing/v1/userCommodityCode';
// A name no seed row or earlier run shares, so the search finds exactly this product.
const NAME = `联想ThinkPad X1 Carbon 笔记本电脑 14英寸 E2E${Date.now().toString(36)}`;

interface CommodityList {
  total: number;
  rows: { id: number; name: string; spec: string | null; unitPrice: string | null; taxCode: string }[];
}

/** The goods-code table body (not the fixed-column clone antd keeps in sync beside it). */
const tableBody = (page: Page) => page.locator('.ant-table-tbody').first();

/** The add / modify dialog, found by its title. */
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

async function search(page: Page, name: string) {
  const form = page.locator('form#goods-code-search');
  await form.getByLabel('商品名称').fill(name);
  // No response wait: the same filters again are answered from the (fresh) cache without a request.
  await form.getByRole('button', { name: /查\s*询/ }).click();
}

/** The table row holding exactly this product name. */
const rowOf = (page: Page, name: string): Locator =>
  tableBody(page)
    .locator('tr.ant-table-row')
    .filter({ has: page.getByText(name, { exact: true }) });

describe('goods codes', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'goods-code'));
  afterAll(async () => {
    await s?.close();
  });

  test('demo adds a product with AI suggestions, finds, edits and deletes it', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    await page.goto(PAGE);
    await tableBody(page).locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });

    // demo holds every element: the plain add and the import are there too (the clerk test relies on the labels).
    await page.getByRole('button', { name: /^新\s*增$/ }).waitFor();
    await page.getByRole('button', { name: '从发票导入' }).waitFor();

    // Add with AI coding: the typed name brings the top-3 codes.
    await page.getByRole('button', { name: '智能赋码新增' }).click();
    const add = dialog(page, '智能赋码推荐');
    await add.waitFor();
    await add.getByLabel('商品名称').fill(NAME);
    const cards = add.locator('.ant-card');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const count = await cards.count();
    expect(count).toBeLessThanOrEqual(3);
    const first = cards.first();
    const firstText = (await first.textContent()) ?? '';
    const code = firstText.match(/\d{19}/)?.[0];
    expect(code, `first suggestion shows a 19-digit code: ${firstText}`).toBeDefined();
    expect(firstText).toMatch(/计算机|电脑|笔记本/);
    await first.click();

    // Picking fills the tax code, which loads its rates and the printed name.
    await expect.poll(() => add.getByPlaceholder('从编码树选择或用智能赋码').inputValue()).toBe(code);
    await add.getByText(/开票名称：\*.+\*/).waitFor();
    const rate = add.locator('.ant-form-item').filter({ hasText: '税率/优惠政策' });
    await expect.poll(() => rate.textContent(), { timeout: 20_000 }).toMatch(/%|免税|不征税/);
    await add.getByLabel('规格型号').fill('X1C-G11');
    await add.getByLabel('单位').fill('台');
    await add.getByLabel('单价').fill('9999.00');
    const created = page.waitForResponse(
      (r) => r.url().endsWith(GOODS_API) && r.request().method() === 'POST' && r.status() < 400,
    );
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await created;
    await page.getByText('保存成功').first().waitFor();
    await add.waitFor({ state: 'hidden' });

    // The AI-coded save taught the company's coding memory: the same name now ranks that code first.
    await page.getByRole('button', { name: '智能赋码新增' }).click();
    await add.waitFor();
    await add.getByLabel('商品名称').fill(NAME);
    await expect
      .poll(() => add.locator('.ant-card').first().textContent(), { timeout: 30_000 })
      .toContain('本企业赋码记录');
    await expect(add.locator('.ant-card').first().textContent()).resolves.toContain(code as string);
    await add.getByRole('button', { name: /取\s*消/ }).click();
    await add.waitFor({ state: 'hidden' });

    // The search finds it, with what was typed and the chosen code.
    await search(page, NAME);
    const row = rowOf(page, NAME);
    await row.waitFor();
    await expect.poll(() => tableBody(page).locator('tr.ant-table-row').count()).toBe(1);
    await expect(row.textContent()).resolves.toContain(code as string);
    await expect(row.textContent()).resolves.toContain('9999');

    // Edit: change spec and unit price.
    await row.getByRole('button', { name: /^修\s*改$/ }).click();
    const edit = dialog(page, '修改商品编码');
    await edit.waitFor();
    await expect.poll(() => edit.getByLabel('商品名称').inputValue()).toBe(NAME);
    await expect(edit.getByLabel('规格型号').inputValue()).resolves.toBe('X1C-G11');
    await edit.getByLabel('规格型号').fill('X1C-G12');
    await edit.getByLabel('单价').fill('10888.5');
    const updated = page.waitForResponse(
      (r) => r.url().includes(`${GOODS_API}/`) && r.request().method() === 'PUT' && r.status() < 400,
    );
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await updated;
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => rowOf(page, NAME).textContent(), { timeout: 20_000 }).toContain('X1C-G12');
    await expect(rowOf(page, NAME).textContent()).resolves.toContain('10888.5');

    // The server holds the edit too.
    const saved = await apiGet<CommodityList>(
      page,
      `${GOODS_API}/queryList?name=${encodeURIComponent(NAME)}&page=1&limit=20`,
    );
    const mine = saved.rows.find((r) => r.name === NAME);
    expect(mine).toMatchObject({ spec: 'X1C-G12', taxCode: code });
    expect(Number(mine?.unitPrice)).toBe(10888.5);

    // Delete with the confirmation, then the search no longer finds it.
    await rowOf(page, NAME)
      .getByRole('button', { name: /删\s*除/ })
      .click();
    const confirm = page.locator('.ant-popover:visible').filter({ hasText: '确定删除商品' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByText('删除成功').first().waitFor();
    await expect.poll(() => rowOf(page, NAME).count(), { timeout: 20_000 }).toBe(0);
    await search(page, NAME);
    await tableBody(page).locator('.ant-empty').waitFor();
    await expect(tableBody(page).locator('tr.ant-table-row').count()).resolves.toBe(0);
  });

  test('clerk (btn_query only) sees the list but no add buttons', async () => {
    const { page } = s;
    await s.context.clearCookies();
    await login(page, 'clerk', 'Clerk@123');
    await page.goto(PAGE);
    await tableBody(page).locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page
      .locator('form#goods-code-search')
      .getByRole('button', { name: /查\s*询/ })
      .waitFor();
    await expect(page.getByRole('button', { name: /^新\s*增$/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: '智能赋码新增' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: '从发票导入' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /删\s*除/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^修\s*改$/ }).count()).resolves.toBe(0);
  });
});
