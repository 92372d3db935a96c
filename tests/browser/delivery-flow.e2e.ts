import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiToken, BASE_URL, launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * Issue 14 §6, end to end: a tenant administrator points the company mailbox (企业邮箱) at a real SMTP server
 * started here and writes an e-mail template; an invoice issued with the buyer's e-mail arrives there with its
 * PDF; the server, as an MTA would, posts a success DSN to the mailbox's bounce endpoint and the console shows
 * the delivery 已送达; the buyer opens the link from that e-mail on a 390 px phone and downloads the PDF; the
 * seller ends the link (立即到期 on /invoicePlat/shorturl) and the buyer then gets the expired page.
 */
const STAMP = Date.now().toString(36);
const BUYER = `流程测试个人${STAMP}`;
const EMAIL = `flow-${STAMP}@buyer.example`;
const FROM = 'invoice@demo-mail.example';
const SUBJECT_MARK = `浏览器流程${STAMP}`;

const received: { mail: ParsedMail; envelope: SMTPServerEnvelope }[] = [];
let smtp: SMTPServer;
let smtpPort: number;

/** A success delivery status notification (RFC 3464) for one message, as Postfix writes it. */
const successDsn = (envid: string, messageId: string, to: string) =>
  [
    'From: MAILER-DAEMON@mx.buyer.example (Mail Delivery System)',
    `To: ${FROM}`,
    'Subject: Successful Mail Delivery Report',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="R1"',
    '',
    '--R1',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Your message was successfully delivered to the destination(s) listed below.',
    '',
    '--R1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.buyer.example',
    `Original-Envelope-Id: ${envid}`,
    '',
    `Final-Recipient: rfc822; ${to}`,
    'Action: delivered',
    'Status: 2.0.0',
    'Diagnostic-Code: smtp; 250 2.0.0 Ok: queued',
    '',
    '--R1',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${messageId}`,
    '',
    '--R1--',
    '',
  ].join('\r\n');

async function waitForMail(to: string) {
  for (let i = 0; i < 240; i++) {
    const got = received.find((r) => r.mail.to && JSON.stringify(r.mail.to).includes(to));
    if (got) return got;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no e-mail reached the SMTP server for ${to}`);
}

const mailboxBody = (enabled: boolean) => ({
  host: '127.0.0.1',
  port: smtpPort,
  secure: false,
  rejectUnauthorized: true,
  user: null,
  pass: '',
  from: FROM,
  fromName: '演示科技',
  enabled,
});

async function setSwitch(page: Page, label: string, on: boolean) {
  const sw = page.getByLabel(label, { exact: true });
  if ((await sw.getAttribute('aria-checked')) !== String(on)) await sw.click();
}

describe('delivery flow: mailbox, template, issue, delivered, buyer link (issue 14 §6)', () => {
  let s: Session;
  let code = '';
  let number = '';

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      hideDSN: false,
      logger: false,
      onData(stream, session, cb) {
        simpleParser(stream).then(
          (mail) => {
            received.push({ mail, envelope: structuredClone(session.envelope) });
            cb();
          },
          (err) => cb(err),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'delivery-flow'));
  afterAll(async () => {
    // Later files of the run deliver through the platform's sandbox again.
    const token = await apiToken('demo', 'Demo@123').catch(() => null);
    if (token)
      await fetch(`${BASE_URL}/api/admin/v1/parameterSetting/enterpriseMail`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(mailboxBody(false)),
      });
    await s?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  test('the tenant admin sets the mailbox and a template, issues, and the record shows 已送达', async () => {
    const { page } = s;
    await login(page, 'demo', 'Demo@123');

    // 企业邮箱 on /invoicePlat/zzsdzfp, pointed at the SMTP server of this test.
    await page.goto('/invoicePlat/zzsdzfp');
    await page.getByRole('tab', { name: '企业邮箱' }).click();
    await page.getByLabel('SMTP 服务器').fill('127.0.0.1');
    await page.getByLabel('端口').fill(String(smtpPort));
    await page.getByLabel('发件人地址').fill(FROM);
    await page.getByLabel('发件人名称').fill('演示科技');
    await setSwitch(page, 'SSL/TLS 连接', false);
    await setSwitch(page, '启用', true);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/parameterSetting/enterpriseMail') && r.request().method() === 'POST',
    );
    await page
      .locator('form#enterpriseMail')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    expect((await saved).status()).toBe(200);
    // The bounce endpoint to give the MTA (with the mailbox's own token).
    const bounceUrl = (await page.locator('.bounce-url').first().textContent({ timeout: 15_000 })) ?? '';
    expect(bounceUrl).toMatch(/\/api\/public\/v1\/mailBounces\/\d+\?token=[\w-]{20,}$/);

    // An e-mail template on /invoicePlat/template.
    await page.goto('/invoicePlat/template');
    await page.getByRole('button', { name: /^新\s*增$/ }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByLabel('模板名称').fill(`流程邮件${STAMP}`);
    await drawer.getByLabel('渠道').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '邮件' })
      .click();
    await drawer.getByLabel('邮件主题').fill(`${SUBJECT_MARK} 发票{{invoiceNumber}}`);
    await drawer
      .getByTestId('template-body')
      .fill(
        '{{buyerName}}您好：{{sellerName}}为您开具了电子发票，价税合计{{amount}}元。查看与下载：{{link}}',
      );
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/r/tenantTemplates') && r.request().method() === 'POST',
    );
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    expect((await created).status()).toBe(200);

    // Issue to a natural person with an e-mail on the issuing page.
    await page.goto('/outputInvoiceManager/invoiceOpener');
    const form = page.locator('form#invoice-form-issue');
    await form.waitFor({ timeout: 30_000 });
    await form.locator('#buyer-name').fill(BUYER);
    await form.getByRole('switch').nth(1).click();
    await form.getByLabel('邮箱', { exact: true }).fill(EMAIL);
    const line = form.locator('.ant-table-tbody tr.ant-table-row').first();
    await line.locator('input').first().fill('*信息技术服务*流程测试服务');
    await line.getByTestId('line-quantity-0').fill('1');
    await line.getByTestId('line-price-0').fill('100');
    await expect
      .poll(() => form.getByTestId('total-total').textContent(), { timeout: 15_000 })
      .toBe('113.00');
    await form.getByTestId('issue-submit').click();
    await expect
      .poll(() => page.getByTestId('issue-result-title').textContent(), { timeout: 30_000 })
      .toBe('开具成功');
    number = (await page.getByTestId('issue-number').textContent()) ?? '';
    expect(number).toMatch(/^\d{20}$/);

    // The SMTP server receives it: our template, the PDF attached, a DSN asked for.
    const { mail, envelope } = await waitForMail(EMAIL);
    expect(mail.subject).toBe(`${SUBJECT_MARK} 发票${number}`);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`${number}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(envelope.dsn?.envid).toBe(mail.messageId);
    const link = /https?:\/\/\S+\/s\/([0-9A-Za-z]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    code = link![1];

    // The MTA reports the delivery to the mailbox's bounce endpoint.
    const res = await fetch(bounceUrl, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: successDsn(envelope.dsn!.envid!, mail.messageId!, EMAIL),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, receipts: 1 });

    // The invoice's delivery record in the console: 已送达.
    await page.goto('/outputInvoiceManager/salesInvoiceQuery');
    await page.getByLabel('购买方').fill(BUYER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: BUYER });
    await row.waitFor({ timeout: 15_000 });
    await row.locator('a').first().click();
    const history = page.getByTestId('delivery-history');
    await history.waitFor({ timeout: 15_000 });
    const record = history.locator('tr').filter({ hasText: EMAIL });
    await expect.poll(() => record.textContent(), { timeout: 30_000 }).toContain('已送达');
  });

  test('the buyer opens the link from the e-mail on a 390 px phone, sees the face and downloads the PDF', async () => {
    expect(code).not.toBe('');
    const phone = await s.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`/s/${code}`);
    await phone.waitForURL((u) => u.pathname === '/smsDetail');
    const face = phone.getByRole('article');
    await face.waitFor();
    for (const text of [number, '演示科技有限公司', BUYER, '¥113.00'])
      await expect.poll(() => face.textContent()).toContain(text);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      phone.getByRole('link', { name: '下载 PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await phone.close();
  });

  test('the seller ends the link on /invoicePlat/shorturl and the buyer then sees the expired page', async () => {
    const { page } = s;
    await page.goto('/invoicePlat/shorturl');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: code });
    await row.waitFor({ timeout: 15_000 });
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '所选立即到期' }).click();
    const expired = page.waitForResponse(
      (r) => r.url().endsWith('/short-links/expire') && r.request().method() === 'POST',
    );
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    expect((await expired).status()).toBe(200);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('已过期');

    const phone = await s.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`/s/${code}`);
    await phone.getByRole('heading', { name: '链接已过期' }).waitFor({ timeout: 15_000 });
    await phone.getByRole('link', { name: '申请延期' }).waitFor();
    await phone.close();
  });
});
