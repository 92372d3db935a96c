import { createHash, createHmac, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { api, apiToken, BASE_URL, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * 接口统计 / 接口明细 (issue 32 §3): signed open-API calls made here (the demo ERP app, HMAC) and one refused by a
 * bad signature show up on the operator's pages — the request id is found in the call log, and the statistics
 * grouped by API count today's calls of that API.
 */
const DEMO_APP = { appKey: 'ak_DemoErpApp0000000001', appSecret: 'DemoErpSecret000000000000000000000000001' };
const URL_PATH = '/openapi/v1/customers/search';
const QUERY = `q=${encodeURIComponent('上海')}`;
const CALLS = 4;

/** The README's signing guide: HMAC-SHA256 over method, path, sorted query, body hash, timestamp, nonce. */
async function signedGet(tamper = false): Promise<{ status: number; requestId: string }> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomUUID();
  const sts = ['GET', URL_PATH, QUERY, createHash('sha256').update('').digest('hex'), timestamp, nonce].join(
    '\n',
  );
  const signature = createHmac('sha256', DEMO_APP.appSecret)
    .update(tamper ? `${sts}x` : sts)
    .digest('hex');
  const res = await fetch(`${BASE_URL}${URL_PATH}?${QUERY}`, {
    headers: {
      'x-fpy-appkey': DEMO_APP.appKey,
      'x-fpy-timestamp': timestamp,
      'x-fpy-nonce': nonce,
      'x-fpy-signature': signature,
    },
  });
  const body = (await res.json()) as { requestId: string };
  return { status: res.status, requestId: body.requestId };
}

type Logs = { total: number; rows: { requestId: string; operation: string | null; code: string }[] };

describe('接口统计: the calls made in the test are counted', () => {
  let s: Session;
  let admin: string;
  const ok: string[] = [];
  let refused = '';
  let operation = '';
  beforeAll(async () => {
    for (let i = 0; i < CALLS; i++) {
      const r = await signedGet();
      expect(r.status).toBe(200);
      ok.push(r.requestId);
    }
    const bad = await signedGet(true);
    expect(bad.status).toBe(401);
    refused = bad.requestId;
    admin = await apiToken('admin', 'Admin@123');
    // The call log is written in batches off the request path (about every second).
    for (let i = 0; ; i++) {
      const { rows } = await api<Logs>(admin, 'GET', `/api/admin/open-calls?requestId=${ok[CALLS - 1]}`);
      if (rows[0]?.operation) {
        operation = rows[0].operation;
        break;
      }
      if (i >= 60) throw new Error('the test’s calls never reached the call log');
      await new Promise((r) => setTimeout(r, 500));
    }
    s = await launch();
  }, 120_000);
  afterEach(screenshotOnFailure(() => s?.page, 'open-call-stats'));
  afterAll(async () => {
    await s?.close();
  });

  test('the call log finds a request id; the statistics count the API’s calls', async () => {
    const { page } = s;
    await login(page, 'admin', 'Admin@123');
    await page.goto('/openPlatformManager/interfaceDetail');
    await page.getByTestId('request-id-input').fill(refused);
    await page.getByTestId('call-search').click();
    const row = page.locator('.ant-table-row').filter({ hasText: refused });
    await row.waitFor();
    expect(await row.textContent()).toContain('BAD_SIGNATURE');
    expect(await row.textContent()).toContain('401');

    const today = await api<{ totals: { calls: number } }>(
      admin,
      'GET',
      `/api/admin/open-calls/stats?operation=${operation}`,
    );
    expect(today.totals.calls).toBeGreaterThanOrEqual(CALLS);
    await page.goto('/openPlatformManager/interfaceStatistics');
    await page.getByTestId('call-stats-chart').waitFor();
    await page.locator('.ant-segmented-item').filter({ hasText: '接口' }).click();
    const apiRow = page
      .getByTestId('call-stats-table')
      .locator('.ant-table-row')
      .filter({ hasText: operation });
    await apiRow.waitFor();
    const calls = Number((await apiRow.locator('td').nth(1).textContent()) ?? 0);
    expect(calls).toBeGreaterThanOrEqual(CALLS);
    const total = page.getByTestId('call-total-calls').locator('.ant-statistic-content-value');
    await expect
      .poll(async () => Number((await total.textContent())?.replace(/,/g, '') ?? 0))
      .toBeGreaterThanOrEqual(CALLS);
  });
});
