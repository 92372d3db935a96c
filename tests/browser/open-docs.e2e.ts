import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session, screenshotOnFailure, sidebarPaths } from './helpers.ts';

/**
 * 开发者选项 (issue 32 §2): the demo company's administrator reads the output-invoice APIs, tries one against the
 * sandbox with the demo app (the server signs it and calls the real open route), then on 开放平台接入 reads the
 * webhook delivery log (the demo's dead-lettered delivery among them) and the swagger-ui reference; 错误码 lists
 * the catalogue.
 */
describe('开发者选项: docs, try-it, webhook log', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  }, 60_000);
  afterEach(screenshotOnFailure(() => s?.page, 'open-docs'));
  afterAll(async () => {
    await s?.close();
  });

  test('output-invoice APIs and a signed try-it call', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');
    const paths = await sidebarPaths(page);
    expect(paths).toContain('/developerOptions/outputInvoice');
    expect(paths).toContain('/developerOptions/openPlatForm');
    await page.goto('/developerOptions/outputInvoice');
    const ops = page.getByTestId('doc-operations');
    await expect.poll(() => ops.textContent()).toContain('invoice.issue');
    expect(await ops.textContent()).toContain('/openapi/v1/');

    await page.getByTestId('try-app').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByTestId('try-operation').click();
    await page.keyboard.type('invoice.query');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByTestId('try-send').click();
    const status = page.getByTestId('try-status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('200');
    expect(await page.getByTestId('try-response').textContent()).toContain('"code": "OK"');
    expect(await page.getByTestId('try-string').textContent()).toContain('/openapi/v1/');
    expect(await page.getByTestId('try-headers').textContent()).toContain('X-Fpy-Signature');
  }, 120_000);

  test('开放平台接入: the delivery log with the dead letter, the attempts, the reference', async () => {
    const { page } = s;
    await page.goto('/developerOptions/openPlatForm');
    await page.getByRole('tab', { name: 'Webhook 回调' }).click();
    await expect
      .poll(() => page.getByTestId('webhook-samples').textContent())
      .toContain('invoice.red_lettered');
    await page.getByRole('tab', { name: '投递记录' }).click();
    const log = page.getByTestId('delivery-log');
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain('已放弃');
    expect(await log.textContent()).toContain('已送达');
    const first = log.locator('button[data-testid^="delivery-"]').first();
    await first.click();
    const detail = page.getByTestId('delivery-detail');
    await expect.poll(() => detail.textContent()).toContain('evt_');
    await page.locator('.ant-drawer-close').click();

    await page.getByRole('tab', { name: 'OpenAPI 文档' }).click();
    const frame = page.frameLocator('[data-testid="openapi-viewer"]');
    await expect
      .poll(() => frame.locator('.swagger-ui').first().textContent(), { timeout: 30_000 })
      .toContain('/openapi/v1/');

    await page.goto('/authManager/errorCode');
    await expect.poll(() => page.getByTestId('error-codes').textContent()).toContain('MISSING_CREDENTIALS');
  }, 120_000);
});
