import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiToken, BASE_URL, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * 开票员身份认证 (issue 30, /validate): the bureau asks 北京代账服务有限公司 (T0003, login agent) to confirm its
 * invoicer; 开票人设置 shows the pause and hands out the link; on a 390 px phone the invoicer types a wrong code
 * (told so, a new picture), then the right one, and the console's card turns to "开具正常" without a reload.
 */

// The sandbox draws each digit as seven-segment strokes in a group of its own (sandbox/identity.ts).
const SEGMENTS: Record<string, string> = {
  'M0,0L16,0': 'a',
  'M16,0L16,18': 'b',
  'M16,18L16,36': 'c',
  'M0,36L16,36': 'd',
  'M0,18L0,36': 'e',
  'M0,0L0,18': 'f',
  'M0,18L16,18': 'g',
};
const DIGITS = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'];
const readCaptcha = (dataUrl: string) =>
  [
    ...Buffer.from(dataUrl.split(',')[1], 'base64')
      .toString('utf8')
      .matchAll(/<g transform="[^"]*">((?:<path d="[^"]+"\/>)+)<\/g>/g),
  ]
    .map((g) =>
      String(DIGITS.indexOf([...g[1].matchAll(/d="([^"]+)"/g)].map((m) => SEGMENTS[m[1]]).join(''))),
    )
    .join('');

describe('开票员身份认证 (issue 30, /validate)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'invoicer-identity'));
  afterAll(async () => {
    await s?.close();
  });

  test('the console hands out the link; the phone answers the captcha; issuing resumes', async () => {
    const { page, context } = s;
    // The platform administrator makes the sandbox bureau ask (the demo seed already did on a fresh start).
    const admin = await apiToken('admin', 'Admin@123');
    const options = await fetch(`${BASE_URL}/api/billing/v1/creditLine/identity-demand`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: await agentTenantId(admin) }),
    });
    expect(options.status).toBe(200);

    await login(page, 'agent', 'Agent@123');
    await page.goto('/outputInvoiceManager/openerSetup');
    await page.getByText('税务局要求开票员身份认证，开具已暂停').waitFor();
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/invoicer-identity/links')),
      page.getByRole('button', { name: /生成/ }).click(),
    ]);
    const { url } = (await reply.json()) as { url: string };
    await page.getByTestId('identity-link').locator('canvas').waitFor();

    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/validate');
    await phone.getByText('请打开认证链接').waitFor();
    await phone.goto(url);
    await phone.getByText('北京代账服务有限公司').waitFor();
    const img = phone.getByRole('img', { name: '验证码' });
    const first = (await img.getAttribute('src'))!;
    const right = readCaptcha(first);
    await phone.getByLabel('验证码', { exact: true }).fill(right === '000000' ? '111111' : '000000');
    await phone.getByRole('button', { name: '确认身份' }).click();
    await phone.getByText('验证码不正确').waitFor();
    await expect.poll(() => img.getAttribute('src')).not.toBe(first);
    await phone.getByLabel('验证码', { exact: true }).fill(readCaptcha((await img.getAttribute('src'))!));
    await phone.getByRole('button', { name: '确认身份' }).click();
    await phone.getByText('身份认证已完成').waitFor();

    // The console's card follows without a reload.
    await page.getByText('税务局当前未要求身份认证，开具正常').waitFor({ timeout: 15_000 });
  });
});

async function agentTenantId(admin: string): Promise<number> {
  const res = await fetch(`${BASE_URL}/api/admin/tenants?creditCode=91110108MA01R2YK6D`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const body = (await res.json()) as { rows?: { id: number; tenantCode?: string }[] };
  const row = body.rows?.find((r) => r.tenantCode === 'T0003');
  if (!row) throw new Error(`no T0003 in ${JSON.stringify(body).slice(0, 200)}`);
  return row.id;
}
