import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  apiGet,
  apiToken,
  BASE_URL,
  launch,
  login,
  type Session,
  screenshotOnFailure,
  sidebarPaths,
} from './helpers.ts';

const MADE_HERE = ['阿里云主账号', '沙箱备用', '企业邮局'];
type Rows = { rows: { id: number; name: string; kind: string; config: Record<string, unknown> }[] };

/**
 * 短信服务商管理 / 邮件服务商管理 (issue 14 §3): a platform administrator adds a 阿里云 account (the secret comes
 * back masked), adds a sandbox account and test-sends through it — accepted for a normal number, refused with
 * the provider's code for the documented test number — and adds an SMTP account on the e-mail page.
 */
describe('provider accounts', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'delivery-providers'));
  afterAll(async () => {
    // The accounts made here point at hosts this machine cannot reach: left enabled, they would replace the
    // sandbox for every later file of the run (one server serves them all), so they go again.
    const token = await apiToken('admin', 'Admin@123').catch(() => null);
    if (token)
      for (const base of ['/api/admin/v1/smsProviders', '/api/admin/v1/emailProviders']) {
        const auth = { authorization: `Bearer ${token}` };
        const { rows } = (await (await fetch(`${BASE_URL}${base}`, { headers: auth })).json()) as Rows;
        for (const r of rows.filter((r) => MADE_HERE.includes(r.name)))
          await fetch(`${BASE_URL}${base}/${r.id}`, { method: 'DELETE', headers: auth });
      }
    await s?.close();
  });

  test('adds a 阿里云 account whose secret never comes back', async () => {
    const { page } = s;
    await login(page, 'admin', 'Admin@123');
    const paths = await sidebarPaths(page);
    expect(paths).toContain('/smsMessage/smsFacilitatorManage');
    expect(paths).toContain('/emailMessage/emailFacilitatorManage');

    await page.goto('/smsMessage/smsFacilitatorManage');
    await page.getByRole('button', { name: '新增服务商账号' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增服务商账号' });
    await dialog.locator('#message-provider_name').fill('阿里云主账号');
    await dialog.locator('#message-provider_config_accessKeyId').fill('LTAI5tBrowser');
    await dialog.locator('#message-provider_config_accessKeySecret').fill('browser-secret-1');
    await dialog.locator('#message-provider_config_signName').fill('发票云');
    await dialog.locator('#message-provider_config_templateCode').fill('SMS_1');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '阿里云主账号' }).count()).toBe(1);
    const rows = await apiGet<Rows>(page, '/api/admin/v1/smsProviders');
    const ali = rows.rows.find((r) => r.name === '阿里云主账号');
    expect(ali?.config.accessKeySecret).toBe('******');

    // Edit it: the secret shows masked and, left so, is kept.
    await page
      .locator('.ant-table-row', { hasText: '阿里云主账号' })
      .getByRole('button', { name: '编辑' })
      .click();
    const edit = page.locator('.ant-modal').filter({ hasText: '编辑服务商账号' });
    await expect
      .poll(() => edit.locator('#message-provider_config_accessKeySecret').inputValue())
      .toBe('******');
    await edit.locator('#message-provider_config_signName').fill('新签名');
    await edit.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '【新签名】' }).count()).toBe(1);
  });

  test("test-sends through a sandbox account and shows the provider's refusal code", async () => {
    const { page } = s;
    await page.getByRole('button', { name: '新增服务商账号' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增服务商账号' });
    await dialog.locator('#message-provider_kind').click();
    await page.locator('.ant-select-item-option', { hasText: '内置沙箱' }).click();
    await dialog.locator('#message-provider_name').fill('沙箱备用');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = page.locator('.ant-table-row', { hasText: '沙箱备用' });
    await expect.poll(() => row.count()).toBe(1);

    await row.getByRole('button', { name: '测试发送' }).click();
    const test = page.locator('.ant-modal').filter({ hasText: '测试发送：沙箱备用' });
    await test.locator('#provider-test_to').fill('13800138000');
    await test.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => test.locator('.ant-alert-success').textContent()).toContain('服务商已受理');
    await test.locator('#provider-test_to').fill('17000000000');
    await test.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect
      .poll(() => test.locator('.ant-alert-error').textContent())
      .toContain('MOBILE_NUMBER_ILLEGAL');
    await test.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  });

  test('adds an SMTP account on the e-mail page', async () => {
    const { page } = s;
    await page.goto('/emailMessage/emailFacilitatorManage');
    // A full page load (goto) boots the console first: more than poll's default second on a loaded machine.
    await expect.poll(() => page.getByText('尚未配置邮件服务商').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: '新增服务商账号' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增服务商账号' });
    await dialog.locator('#message-provider_name').fill('企业邮局');
    await dialog.locator('#message-provider_config_host').fill('smtp.example.com');
    await dialog.locator('#message-provider_config_user').fill('fapiao@example.com');
    await dialog.locator('#message-provider_config_pass').fill('mail-secret');
    await dialog.locator('#message-provider_config_from').fill('fapiao@example.com');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect
      .poll(() =>
        page.locator('.ant-table-row', { hasText: 'fapiao@example.com · smtp.example.com:465' }).count(),
      )
      .toBe(1);
    const rows = await apiGet<Rows>(page, '/api/admin/v1/emailProviders');
    expect(rows.rows[0]?.config.pass).toBe('******');
  });
});
