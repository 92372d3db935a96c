import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * A declared bulk verb on the generic resource page (issue 29 §5): the dictionary items' 停用 and 启用 appear
 * in the bulk toolbar, act on the ticked rows after a confirmation, and the list shows the result.
 */
describe('bulk verbs on the resource page', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'resource-bulk'));
  afterAll(async () => {
    await s?.close();
  });

  test('admin disables two tax-rate items from the toolbar and enables them again', async () => {
    const { page } = s;
    await login(page, 'admin', 'Admin@123');
    await page.goto('/baseManager/dictManager');
    await page.getByText('tax_rate', { exact: true }).click();
    const items = page.locator('.ant-card').filter({ hasText: '（tax_rate）' });
    const rows = items.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 30_000 });
    const toolbar = items.getByTestId('bulk-toolbar');
    await expect.poll(() => toolbar.getByRole('button', { name: /停\s*用/ }).isDisabled()).toBe(true);

    for (const i of [0, 1]) await rows.nth(i).locator('.ant-checkbox-input').check();
    await toolbar.getByText('已选 2 项').waitFor();
    await toolbar.getByRole('button', { name: /停\s*用/ }).click();
    const disabled = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/r/dictItems/bulk/disable') && r.request().method() === 'POST',
    );
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    expect(await (await disabled).json()).toEqual({ updated: 2 });
    await expect.poll(() => rows.nth(0).textContent(), { timeout: 15_000 }).toContain('否');
    await expect.poll(() => rows.nth(1).textContent()).toContain('否');

    for (const i of [0, 1]) await rows.nth(i).locator('.ant-checkbox-input').check();
    const enabled = page.waitForResponse((r) => r.url().endsWith('/api/admin/r/dictItems/bulk/enable'));
    await toolbar.getByRole('button', { name: /启\s*用/ }).click();
    expect((await enabled).status()).toBe(200);
    await expect.poll(() => rows.nth(0).textContent(), { timeout: 15_000 }).toContain('是');
  });
});
