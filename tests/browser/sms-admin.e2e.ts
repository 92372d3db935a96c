import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiGet, launch, login, type Session, screenshotOnFailure, sidebarPaths } from './helpers.ts';

const COMPANY = '演示科技有限公司';

type Margins = { rows: { tenantName: string; balance: number }[] };
const balanceOf = async (page: Session['page']) =>
  (await apiGet<Margins>(page, '/api/admin/delivery/sms-margins?limit=500')).rows.find(
    (r) => r.tenantName === COMPANY,
  )?.balance ?? 0;
const shown = (n: number) => n.toLocaleString('en-US');
let after = 0;

/**
 * 短信管理 / 邮件管理 (issue 14 §3): the platform records a recharge and the balance page shows it; the company
 * sees its own balance and, below its threshold, the low-balance warning; every page of the slice opens.
 */
const PAGES = [
  '/smsMessage/smsFacilitatorStatistic',
  '/smsMessage/smsMargin',
  '/smsMessage/enterpriseSmsStatistic',
  '/smsMessage/smsRecord',
  '/smsMessage/smsControlList',
  '/smsMessage/smsControlManage',
  '/smsMessage/smsSystemDeploy',
  '/smsMessage/smsStateReport',
  '/smsMessage/rechargeRecord',
  '/emailMessage/emailRecord',
  '/emailMessage/emailStatistic',
  '/emailMessage/emailStateReport',
];
/** The company's own (开票平台设置 is served to company accounts only). */
const COMPANY_PAGES = ['/invoicePlat/smsWhite'];

describe('短信管理: recharge → balance', () => {
  let admin: Session;
  let demo: Session;
  beforeAll(async () => {
    admin = await launch();
    demo = await launch();
  });
  const shotAdmin = screenshotOnFailure(() => admin?.page, 'sms-admin');
  const shotDemo = screenshotOnFailure(() => demo?.page, 'sms-admin-demo');
  afterEach(async (ctx) => {
    await shotAdmin(ctx);
    await shotDemo(ctx);
  });
  afterAll(async () => {
    await admin?.close();
    await demo?.close();
  });

  test('the platform records a recharge and 短信余量 shows the new balance', async () => {
    const { page } = admin;
    await login(page, 'admin', 'Admin@123');
    const paths = await sidebarPaths(page);
    for (const p of PAGES) expect(paths, p).toContain(p);

    after = (await balanceOf(page)) + 300;
    await page.goto('/smsMessage/rechargeRecord');
    await page
      .getByRole('button', { name: '充 值' })
      .or(page.getByRole('button', { name: '充值' }))
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '短信充值' });
    await dialog.locator('#sms-recharge_tenantId').click();
    await page.keyboard.type('演示');
    await page.locator(`.ant-select-item-option[title="${COMPANY}"]`).click();
    await dialog.locator('#sms-recharge_amount').fill('300');
    await dialog.locator('#sms-recharge_paid').fill('99.90');
    await dialog.locator('#sms-recharge_remark').fill('浏览器测试充值');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText(`充值成功，当前余量 ${after} 条`).waitFor();
    const row = page.locator('.ant-table-row').filter({ hasText: '浏览器测试充值' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('99.90');

    await page.goto('/smsMessage/smsMargin');
    const margin = page.locator('.sms-margin-table .ant-table-row').filter({ hasText: COMPANY });
    await margin.waitFor();
    expect(await margin.locator('td').nth(1).textContent()).toBe(shown(after));
  });

  test('the company sees only its own balance and the warning once it is below the threshold', async () => {
    const { page } = demo;
    await login(page, 'demo', 'Demo@123');
    await page.goto('/smsMessage/smsMargin');
    const rows = page.locator('.sms-margin-table .ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(COMPANY);
    expect(await page.locator('.sms-low-balance').count()).toBe(0);
    await rows.first().getByRole('button', { name: '修改阈值' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '修改预警阈值' });
    const input = dialog.locator('input');
    await input.fill('');
    await input.pressSequentially(String(after + 1));
    expect(await input.inputValue()).toBe(String(after + 1));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.sms-low-balance').waitFor();
    expect(await page.locator('.sms-low-balance').textContent()).toContain(`剩余 ${after} 条`);
    const paths = await sidebarPaths(page);
    for (const p of COMPANY_PAGES) {
      expect(paths, p).toContain(p);
      await page.goto(p);
      await page.locator('.ant-table').first().waitFor();
    }
    // Recording recharges is the platform's: the company has no such button.
    await page.goto('/smsMessage/rechargeRecord');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.getByRole('button', { name: /^充\s?值$/ }).count()).toBe(0);
  });

  test('every page of the slice opens with its table', async () => {
    const { page } = admin;
    for (const p of PAGES) {
      await page.goto(p);
      await page.locator('.ant-table').first().waitFor();
      expect(await page.locator('.ant-result-error').count(), p).toBe(0);
    }
    // The platform's blacklist: a malformed mobile is refused in Chinese, a good one saved.
    await page.goto('/smsMessage/smsControlList');
    await page.getByRole('button', { name: /新\s?增/ }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('#smsControls-form_kind').click();
    await page.locator('.ant-select-item-option[title="黑名单"]').click();
    await drawer.locator('#smsControls-form_mobile').fill('1380013800');
    await drawer.getByRole('button', { name: /保\s?存/ }).click();
    await drawer.getByText('手机号须为11位中国大陆手机号码').waitFor();
    await drawer.locator('#smsControls-form_mobile').fill('13800138000');
    await drawer.getByRole('button', { name: /保\s?存/ }).click();
    await page.locator('.ant-table-row').filter({ hasText: '13800138000' }).waitFor();
    // The statistics draw their days (the chart only when there is something to draw).
    await page.goto('/emailMessage/emailStatistic');
    await page.locator('.delivery-stats-table').waitFor();
    await page.getByText('按企业').click();
    await page.locator('.delivery-stats-table th').filter({ hasText: '企业名称' }).waitFor();
  }, 240_000);

  test('records show the seeded states in one word, the reason by kind with the raw text behind, bulk resend', async () => {
    const { page } = admin;
    await page.goto('/emailMessage/emailRecord');
    const dead = page.locator('.ant-table-row').filter({ hasText: '多次重试失败' }).first();
    await dead.waitFor();
    // The TLS mismatch reads as its kind; the OpenSSL text is behind it (data-kind, tooltip).
    expect(await dead.locator('[data-testid="failure-reason"]').getAttribute('data-kind')).toBe('tls');
    await page.locator('.ant-table-row').filter({ hasText: '等待重试' }).first().waitFor();
    await page.getByTestId('resend-given-up').waitFor();
    await page.goto('/smsMessage/smsStateReport');
    await page.locator('.ant-table-row').first().waitFor();
  }, 120_000);
});
