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

/**
 * 任务管理 (/baseManager/jobManager, issue 29 §3): deliveries to an address the sandbox refuses leave refused
 * outbox tasks; the platform operator finds them on the page, reads one's attempt log in the drawer, redelivers
 * it, then redelivers the others in bulk.
 */
const SUFFIX = Date.now().toString(36);

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

type Delivery = { id: number; status: string };
type JobRows = { rows: { id: number; ref: string; state: string }[] };
type JobDetail = { attemptLog: { outcome: string | null }[] };

/** An issued invoice whose buyer's mailbox the sandbox refuses (550): its automatic delivery ends refused. */
async function refusedDelivery(token: string, n: number): Promise<number> {
  const created = await api<{ id: number }>(token, 'POST', '/api/billing/v1/invoices', {
    clientSerial: `E2E-JOBS-${SUFFIX}-${n}`,
    type: 'digital_ordinary',
    pricingMode: 'exclusive',
    buyer: { name: `E2E任务${SUFFIX}${n}有限公司`, email: `jobs-${SUFFIX}-${n}@reject.invalid` },
    lines: [
      {
        name: '*软件维护服务*接口服务费',
        taxCode: '3040201030000000000',
        unit: '次',
        quantity: '1',
        unitPrice: '100',
        rate: 'rate_6',
      },
    ],
  });
  const url = `/api/delivery/v1/invoices/${created.id}/deliveries`;
  for (let i = 0; i < 240; i++) {
    const failed = (await api<{ rows: Delivery[] }>(token, 'GET', url)).rows.find(
      (r) => r.status === 'failed',
    );
    if (failed) return failed.id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`invoice ${created.id}: no refused delivery`);
}

describe('任务管理: refused deliveries are found and redelivered', () => {
  let s: Session;
  const refs: string[] = [];
  beforeAll(async () => {
    const token = await apiToken('demo', 'Demo@123');
    const ids = await Promise.all([1, 2, 3].map((n) => refusedDelivery(token, n)));
    refs.push(...ids.map(String));
    // The delivery row turns failed in the attempt; its outbox task settles just after. Wait for the tasks, so the
    // page's counts (read once on opening) already see them on a loaded machine.
    const admin = await apiToken('admin', 'Admin@123');
    for (const ref of refs) {
      for (let i = 0; ; i++) {
        const { rows } = await api<JobRows>(
          admin,
          'GET',
          `/api/admin/jobs?kind=delivery.send&q=${ref}&limit=100`,
        );
        if (rows.find((r) => r.ref === ref)?.state === 'failed') break;
        if (i >= 120) throw new Error(`delivery ${ref}: its task never settled as refused`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    s = await launch();
  }, 180_000);
  afterEach(screenshotOnFailure(() => s?.page, 'jobs'));
  afterAll(async () => {
    await s?.close();
  });

  const taskOf = async (ref: string) => {
    const { rows } = await apiGet<JobRows>(s.page, `/api/admin/jobs?kind=delivery.send&q=${ref}&limit=100`);
    const row = rows.find((r) => r.ref === ref);
    if (!row) throw new Error(`no task for delivery ${ref}`);
    return row;
  };

  const outcomesOf = async (id: number) =>
    (await apiGet<JobDetail>(s.page, `/api/admin/jobs/${id}`)).attemptLog.map((a) => a.outcome);

  test('the operator opens 任务管理, reads the attempt log and redelivers one task', async () => {
    const { page } = s;
    await login(page, 'admin', 'Admin@123');
    expect(await sidebarPaths(page)).toContain('/baseManager/jobManager');
    await page.goto('/baseManager/jobManager');
    // The header counts refused tasks; a click on the card filters the table by that state.
    const refusedCard = page.getByTestId('job-count-failed');
    await expect
      .poll(
        async () => Number((await refusedCard.locator('.ant-statistic-content-value').textContent()) ?? 0),
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(3);
    await refusedCard.click();
    const first = await taskOf(refs[0]);
    expect(first.state).toBe('failed');
    const row = page.locator(`.ant-table-row[data-row-key="${first.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('发票交付（短信/邮件）');
    expect(await row.textContent()).toContain('已拒绝');
    expect(await row.textContent()).toContain('550 5.1.1');

    await page.getByTestId(`job-${first.id}`).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `任务 #${first.id}` });
    await drawer.waitFor();
    const log = drawer.getByTestId('job-attempts');
    await expect.poll(() => log.textContent()).toContain('被拒绝');
    expect(await log.textContent()).toContain('SMTP_550');

    await drawer.getByTestId('drawer-redeliver').click();
    await page.locator('.ant-popover .ant-btn-primary').click();
    await page.getByText('已重新投递').first().waitFor();
    // The redelivery is in the attempt log, and the delivery went again: the sandbox refuses that mailbox again.
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain('重新投递');
    await expect
      .poll(() => outcomesOf(first.id), { timeout: 15_000 })
      .toEqual(['failed', 'redelivered', 'failed']);
    await drawer.locator('.ant-drawer-close').click();
  });

  test('the operator selects the other refused tasks and redelivers them in bulk', async () => {
    const { page } = s;
    const [a, b] = await Promise.all([taskOf(refs[1]), taskOf(refs[2])]);
    // The table still lists the refused tasks, newest first: both are on its first page.
    await page.getByTestId('job-count-failed').click();
    const rows = [a.id, b.id].map((id) => page.locator(`.ant-table-row[data-row-key="${id}"]`));
    for (const r of rows) {
      await r.waitFor();
      await r.locator('.ant-checkbox-input').check();
    }
    const bulk = page.getByTestId('redeliver-selected');
    await expect.poll(() => bulk.textContent()).toContain('2');
    await bulk.click();
    await page.locator('.ant-popover .ant-btn-primary').click();
    await page.getByText('已重新投递 2 个任务，跳过 0 个').waitFor();
    for (const id of [a.id, b.id])
      await expect
        .poll(() => outcomesOf(id), { timeout: 15_000 })
        .toEqual(['failed', 'redelivered', 'failed']);
  });
});
