import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session, screenshotOnFailure, sidebarPaths } from './helpers.ts';

const PAGE = '/outputInvoiceManager/taxClassCode';
const GOODS = '1000000000000000000';
const MACHINERY = '1090000000000000000';
const ELECTRONICS = '1090500000000000000';
const COMPUTER = '1090509010000000000';

/** A tree row by the code printed beside its name. */
const treeNode = (page: Page, code: string) =>
  page.locator('.ant-tree-treenode').filter({ has: page.getByText(code, { exact: true }) });

/** The right-hand card. */
const detail = (page: Page) => page.locator('.ant-card').filter({ hasText: '编码详情' });

describe('tax class codes', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await login(s.page, 'demo', 'Demo@123');
  });
  afterEach(screenshotOnFailure(() => s?.page, 'tax-codes'));
  afterAll(async () => {
    await s?.close();
  });

  test('the national tree expands one level at a time and a node shows its detail', async () => {
    const { page } = s;
    // Opens the sidebar's groups, so the entry can be clicked.
    expect(await sidebarPaths(page)).toContain(PAGE);
    await page.locator(`.console-sidebar li.ant-menu-item[data-menu-id$="-${PAGE}"]`).click();
    await page.waitForURL((url) => url.pathname === PAGE);
    await treeNode(page, GOODS).waitFor({ timeout: 30_000 });
    // Nothing below the top level is loaded yet.
    await expect(treeNode(page, MACHINERY).count()).resolves.toBe(0);
    await detail(page).getByText('在左侧选择或搜索一个编码').waitFor();

    for (const [parent, child] of [
      [GOODS, MACHINERY],
      [MACHINERY, ELECTRONICS],
    ]) {
      await treeNode(page, parent).locator('.ant-tree-switcher').click();
      await treeNode(page, child).waitFor({ timeout: 20_000 });
    }
    await expect(treeNode(page, MACHINERY).textContent()).resolves.toContain('机械、设备类产品');

    // A branch: its detail says it cannot go on an invoice.
    await treeNode(page, ELECTRONICS).locator('.ant-tree-node-content-wrapper').click();
    const card = detail(page);
    await card.getByText(ELECTRONICS, { exact: true }).waitFor();
    await card.getByText('通信设备、计算机及其他电子设备').first().waitFor();
    await card.getByText('非末级编码').waitFor();
  });

  test('pinyin initials bjbdn find the laptop codes; a result opens its detail', async () => {
    const { page } = s;
    const box = page.getByPlaceholder(/bjbdn/);
    await box.fill('bjbdn');
    const results = page.locator('.ant-list').first();
    const items = results.locator('.ant-list-item');
    await items.first().waitFor({ timeout: 20_000 });
    const texts = await items.allTextContents();
    // 笔记本电脑 is an everyday word of the computer codes (电子计算机整机).
    expect(texts.some((t) => t.includes(COMPUTER))).toBe(true);
    for (const t of texts) expect(t).toMatch(/计算机|电脑|笔记本/);
    await expect(results.textContent()).resolves.toMatch(/共 \d+ 条/);

    await items.filter({ hasText: COMPUTER }).click();
    const card = detail(page);
    await card.getByText(COMPUTER, { exact: true }).waitFor();
    await card.getByText('电子计算机整机').first().waitFor();
    // The path from the root, the rate and that it may be used on an invoice.
    const crumbs = await card.locator('.ant-breadcrumb li, .ant-breadcrumb-item').allTextContents();
    expect(crumbs.join('/')).toContain('货物');
    expect(crumbs.join('/')).toContain('电子计算机及其部件');
    await card.getByText('13%').first().waitFor();
    const status = card.locator('.ant-descriptions-item-content').filter({ hasText: '可用于开票' });
    await expect(status.textContent()).resolves.toMatch(/^(?!.*非末级).*末级编码/);
  });
});
