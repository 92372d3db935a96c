import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { api, apiToken, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * Issue 30 §2.3 at 390 px, 代理商入口 (/allEleAgentTenant): a buyer opens the demo agent's link, sees the companies
 * it serves, taps 去开票 and lands on the company's board page; no code and an unknown code say what to do. The
 * platform administrator creates an agent code in the console (代理商入口管理) and its QR link works.
 */
const RUN = Date.now().toString(36);
const DEMO_AGENT = '园区服务大厅开票入口';
const COMPANY = '演示科技有限公司';

interface AgentRow {
  id: number;
  name: string;
  code: string;
}

describe('代理商入口 (issue 30)', () => {
  let s: Session;
  let boardName: string;
  let boardCode: string;
  beforeAll(async () => {
    s = await launch();
    // A working 全电 board of the demo company, so the company is listed with it.
    const demo = await apiToken('demo', 'Demo@123');
    const goods = await api<{ id: number }>(demo, 'POST', '/api/billing/v1/userCommodityCode', {
      name: `代理入口服务费${RUN}`,
      taxCode: '3070401000000000000',
      rate: 'rate_6',
    });
    boardName = `代理入口码牌${RUN}`;
    const board = await api<{ code: string }>(demo, 'POST', '/api/self-service/v1/code-boards', {
      name: boardName,
      kind: 'counter',
      invoiceKind: 'allEle',
      categoryIds: String(goods.id),
      capFen: 20_000,
      approval: 'auto',
      enabled: true,
    });
    boardCode = board.code;
  });
  afterEach(screenshotOnFailure(() => s?.page, 'agent-entry'));
  afterAll(async () => {
    await s?.close();
  });

  test('the buyer picks a company of the demo agent and lands on its board page; bad links say what to do', async () => {
    const admin = await apiToken('admin', 'Admin@123');
    const list = await api<{ rows: AgentRow[] }>(
      admin,
      'GET',
      `/api/admin/self-service/agent-codes?keyword=${encodeURIComponent(DEMO_AGENT)}`,
    );
    const agent = list.rows.find((r) => r.name === DEMO_AGENT);
    expect(agent, 'the demo agent code is seeded').toBeTruthy();

    const phone = s.page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/allEleAgentTenant');
    await phone.getByRole('heading', { name: '请重新扫描服务台的二维码' }).waitFor();
    await phone.goto(`/allEleAgentTenant?c=${'Z'.repeat(20)}`);
    await phone.getByRole('heading', { name: '二维码暂不可用' }).waitFor();
    await phone.getByText('请向服务台工作人员索取有效的开票二维码').waitFor();

    await phone.goto(`/allEleAgentTenant?c=${agent?.code}`);
    await phone.getByTestId('agent-card').getByText(DEMO_AGENT).waitFor();
    const company = phone.getByTestId('agent-tenant').filter({ hasText: COMPANY });
    const row = company.locator('li.b-row').filter({ hasText: boardName });
    await row.getByRole('link', { name: /去开票/ }).click();
    await phone.waitForURL(
      (u) => u.pathname === '/allEleCodeBoardPlat' && u.searchParams.get('c') === boardCode,
    );
    await expect
      .poll(() => phone.getByTestId('board-card').textContent(), { timeout: 30_000 })
      .toContain(boardName);
    // Nothing overflows the phone's width.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the administrator creates an agent code in the console and its link lists the company', async () => {
    const page = await s.context.newPage();
    await login(page, 'admin', 'Admin@123');
    await page.goto('/baseManager/agentCodeManage');
    await page.getByRole('button', { name: /^新\s*增$/ }).click();
    const form = page.locator('.ant-drawer:visible');
    const name = `浏览器测试代理商${RUN}`;
    await form.getByLabel('代理商名称').fill(name);
    await form.locator('#agentCodes-form_tenantIds').click();
    await page.keyboard.type('演示');
    await page.locator(`.ant-select-item-option[title="${COMPANY}"]`).click();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/self-service/agent-codes') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: /保\s*存/ }).click();
    expect((await created).status()).toBe(200);

    const row = page.locator('tr.ant-table-row').filter({ hasText: name });
    await row.getByRole('button', { name: '二维码' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: name });
    await dialog.locator('canvas, svg').first().waitFor();
    const link = (await dialog.getByTestId('agent-link').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/allEleAgentTenant\?c=[0-9A-Za-z]{20}$/);
    await page.close();

    const phone = s.page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(link);
    await phone.getByTestId('agent-card').getByText(name).waitFor();
    await phone.getByTestId('agent-tenant').filter({ hasText: COMPANY }).getByText(boardName).waitFor();
  });
});
