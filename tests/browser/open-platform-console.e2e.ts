import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { api, apiToken, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * Issue 32 §1 and §5, lane CONSOLE: the platform operator creates an ISV app on 开发者权限管理 (its secret shown
 * once, in a modal), grants it the 销项发票 group and sets it a limit on 企业限流; the demo company authorises
 * it on 软件接口授权 with a scope, and the operators' 企业授权 lists that licence.
 */
const RUN = Date.now().toString(36);
const DEV = `浏览器服务商${RUN}`;
const APP = `浏览器应用${RUN}`;

describe('open platform console (issue 32)', () => {
  let s: Session;
  let company: Session;
  beforeAll(async () => {
    s = await launch();
    company = await launch();
    const admin = await apiToken('admin', 'Admin@123');
    await api(admin, 'POST', '/api/admin/open-platform/developers', { name: DEV, kind: 'isv' });
  });
  afterEach(screenshotOnFailure(() => s?.page, 'open-platform-console'));
  afterAll(async () => {
    await s?.close();
    await company?.close();
  });

  test('an operator creates an app, grants groups and a limit; an enterprise authorises it', async () => {
    const { page } = s;
    await login(page, 'admin', 'Admin@123');
    await page.goto('/openPlatformManager/developerRightsManager');
    await page.getByRole('button', { name: /^新\s*增$/ }).click();
    const form = page.locator('.ant-drawer:visible');
    await form.locator('#openApps-form_developerId').click();
    await page.keyboard.type(DEV);
    await page.locator(`.ant-select-item-option[title="${DEV}"]`).click();
    await form.getByLabel('应用名称').fill(APP);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/open-platform/apps') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: /保\s*存/ }).click();
    expect((await created).status()).toBe(200);

    // The secret, once: shown in the modal, gone from the page once saved.
    const secret = (await page.getByTestId('secret-value').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[0-9A-Za-z]{40}$/);
    expect((await page.getByTestId('secret-key').textContent())?.trim()).toMatch(/^ak_[0-9A-Za-z]{20}$/);
    await page.getByTestId('secret-saved').click();
    const row = page.locator('tr.ant-table-row').filter({ hasText: APP });
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    await row.getByText(`****${secret.slice(-4)}`).waitFor();

    // 授权分组: 销项发票.
    await row.getByRole('button', { name: '授权分组' }).click();
    const dialog = page.locator('.ant-modal:visible').filter({ hasText: APP });
    await dialog.getByLabel('销项发票').check();
    const granted = page.waitForResponse(
      (r) => /\/apps\/\d+\/groups$/.test(r.url()) && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    expect((await granted).status()).toBe(200);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('销项发票');

    // 企业限流: 10 calls a second for this app.
    await page.goto('/openPlatformManager/enterpriseRateLimit');
    await page.getByRole('button', { name: /^新\s*增$/ }).click();
    const limit = page.locator('.ant-drawer:visible');
    await limit.locator('#openRateLimits-form_scope').click();
    await page.locator('.ant-select-item-option[title="按应用"]').click();
    await limit.locator('#openRateLimits-form_appId').click();
    await page.keyboard.type(APP);
    await page.locator(`.ant-select-item-option[title="${APP}（${DEV}）"]`).click();
    await limit.getByLabel('次数上限').fill('10');
    await limit.getByLabel('时间窗（秒）').fill('1');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/open-platform/rate-limits') && r.request().method() === 'POST',
    );
    await limit.getByRole('button', { name: /保\s*存/ }).click();
    expect((await saved).status()).toBe(200);
    await page.locator('tr.ant-table-row').filter({ hasText: APP }).filter({ hasText: '按应用' }).waitFor();

    // The enterprise authorises the app on 软件接口授权.
    const ep = company.page;
    await login(ep, 'demo', 'Demo@123');
    await ep.goto('/systemAuthorizeManager/softwareInterface');
    await ep.getByRole('button', { name: /^新\s*增$/ }).click();
    const auth = ep.locator('.ant-drawer:visible');
    await auth.locator('#softwareLicenses-form_appId').click();
    await ep.keyboard.type(APP);
    await ep.locator(`.ant-select-item-option[title="${APP}（${DEV}）"]`).click();
    await auth.locator('#softwareLicenses-form_scopes').click();
    await ep.locator('.ant-select-item-option[title="销项发票"]').click();
    await ep.keyboard.press('Escape');
    const licensed = ep.waitForResponse(
      (r) =>
        r.url().endsWith('/api/admin/open-platform/software-licenses') && r.request().method() === 'POST',
    );
    await auth.getByRole('button', { name: /保\s*存/ }).click();
    expect((await licensed).status()).toBe(200);
    const lic = ep.locator('tr.ant-table-row').filter({ hasText: APP });
    await lic.getByText('有效').waitFor();

    // The operators see it on 企业授权.
    await page.goto('/openPlatformManager/enterpriseLicense');
    await page
      .locator('tr.ant-table-row')
      .filter({ hasText: APP })
      .filter({ hasText: '演示科技有限公司' })
      .waitFor();
  });
});
