import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CJK_RE, formatMessage, isMessageKey, messages } from '@fpy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, bareUserToken, bearer, useTestApp } from '../harness.ts';
import { api as invoicing, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * Issue 13 §3: every server message in the user's language. The console's X-Locale wins, then Accept-Language,
 * Chinese by default; each refusal below is asked for in all of them.
 */
const app = useTestApp();

type Lang = 'zh' | 'en';
const LANGS: { name: string; headers: Record<string, string>; lang: Lang }[] = [
  { name: 'no language header', headers: {}, lang: 'zh' },
  { name: 'Accept-Language: en', headers: { 'accept-language': 'en' }, lang: 'en' },
  { name: 'Accept-Language: en-GB,zh;q=0.5', headers: { 'accept-language': 'en-GB,zh;q=0.5' }, lang: 'en' },
  { name: 'X-Locale: en-US', headers: { 'x-locale': 'en-US' }, lang: 'en' },
  {
    name: 'X-Locale: zh-CN over Accept-Language: en',
    headers: { 'x-locale': 'zh-CN', 'accept-language': 'en' },
    lang: 'zh',
  },
  { name: 'Accept-Language: fr', headers: { 'accept-language': 'fr-FR' }, lang: 'zh' },
];

interface Refusal {
  name: string;
  status: number;
  code: string;
  /** The exact message in each language, when the test can know it. */
  zh?: string;
  en?: string;
  send: (headers: Record<string, string>) => Promise<{ statusCode: number; json: () => any }>;
}

function expectLanguage(body: { message: string }, lang: Lang, label: string) {
  if (lang === 'en') expect(CJK_RE.test(body.message), `${label}: ${body.message}`).toBe(false);
  else expect(CJK_RE.test(body.message), `${label}: ${body.message}`).toBe(true);
}

describe('refusals in the request language', () => {
  const refusals: Refusal[] = [];
  let demo = '';
  let nobody = '';
  const inject =
    (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      token: string | null,
      payload?: object | string,
      extra: Record<string, string> = {},
    ) =>
    (headers: Record<string, string>) =>
      app().app.inject({
        method,
        url,
        headers: { ...(token ? bearer(token) : {}), ...extra, ...headers },
        ...(payload === undefined ? {} : { payload }),
      });

  beforeAll(async () => {
    demo = await app().login('demo', 'Demo@123');
    nobody = await bareUserToken(app());
    const inv = invoicing(app(), demo);
    const draft = (await inv.create(invoiceBody({ submit: false }))).json();
    await inv.settled();
    const groups = (await inject('GET', '/api/admin/groups', demo)({})).json();
    const adminGroup = groups.rows.find((r: { code: string }) => r.code === 'admin') ?? groups.rows[0];
    refusals.push(
      {
        name: 'validation (missing body fields)',
        status: 400,
        code: 'VALIDATION_FAILED',
        send: inject('POST', '/api/billing/v1/invoices', demo, {}),
      },
      {
        name: 'validation (wrong query type)',
        status: 400,
        code: 'VALIDATION_FAILED',
        send: inject('GET', '/api/billing/v1/invoices?page=abc', demo),
      },
      {
        name: 'malformed JSON',
        status: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        zh: '请求体不是合法的 JSON',
        en: 'The request body is not valid JSON',
        send: inject('POST', '/api/billing/v1/invoices', demo, '{"a":', {
          'content-type': 'application/json',
        }),
      },
      {
        name: 'no token',
        status: 401,
        code: 'TOKEN_MISSING',
        zh: '请先登录',
        en: 'Please log in first',
        send: inject('GET', '/api/admin/groups', null),
      },
      {
        name: 'forbidden',
        status: 403,
        code: 'FORBIDDEN',
        send: inject('GET', '/api/admin/groups', nobody),
      },
      {
        name: 'unknown route',
        status: 404,
        code: 'ROUTE_NOT_FOUND',
        zh: '接口不存在：GET /api/no-such-thing',
        en: 'No such endpoint: GET /api/no-such-thing',
        send: inject('GET', '/api/no-such-thing', demo),
      },
      {
        name: 'unknown method on a route',
        status: 404,
        code: 'ROUTE_NOT_FOUND',
        send: inject('PATCH' as 'PUT', '/api/admin/groups', demo),
      },
      {
        name: 'record not found',
        status: 404,
        code: 'NOT_FOUND',
        send: inject('GET', '/api/billing/v1/invoices/987654', demo),
      },
      {
        name: 'print an unissued invoice',
        status: 409,
        code: 'INVOICE_NOT_PRINTABLE',
        zh: `发票（流水号 ${draft.clientSerial}）尚未开具，不能打印`,
        en: `Invoice (serial ${draft.clientSerial}) has not been issued and cannot be printed`,
        send: inject('GET', `/api/billing/v1/invoice-print/details?ids=${draft.id}`, demo),
      },
      {
        name: 'red-letter on a draft',
        status: 409,
        code: 'RED_BLUE_INVALID',
        send: inject('POST', '/api/billing/v1/red-letter/forms', demo, {
          blueInvoiceId: draft.id,
          reason: 'sales_discount',
        }),
      },
      {
        name: 'delete the protected administrators group',
        status: 409,
        code: 'GROUP_PROTECTED',
        zh: '企业管理员组不能删除',
        en: 'The company administrators group cannot be deleted',
        send: inject('DELETE', `/api/admin/groups/${adminGroup.id}`, demo),
      },
    );
  });

  for (const l of LANGS) {
    it(`answers in ${l.lang} with ${l.name}`, async () => {
      expect(refusals.length).toBeGreaterThanOrEqual(10);
      for (const r of refusals) {
        const res = await r.send(l.headers);
        const body = res.json();
        expect(res.statusCode, `${r.name}: ${JSON.stringify(body)}`).toBe(r.status);
        expect(body.code, r.name).toBe(r.code);
        expectLanguage(body, l.lang, `${r.name} (${l.name})`);
        const exact = l.lang === 'en' ? r.en : r.zh;
        if (exact) expect(body.message, r.name).toBe(exact);
      }
    });
  }

  it('names the field of a validation failure in the language asked', async () => {
    const send = inject('GET', '/api/billing/v1/invoices?page=0', demo);
    const zh = (await send({})).json();
    const en = (await send({ 'x-locale': 'en-US' })).json();
    expect(zh.message).toMatch(/（字段 page）$/);
    expect(en.message).toMatch(/ \(field page\)$/);
    expect(en.details.issues[0].message).not.toMatch(CJK_RE);
    expect(zh.details.issues[0].message).toMatch(CJK_RE);
  });
});

describe('rate-limit replies in the request language', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({}, { rateLimits: { perIpPerMinute: 2, perAccountPerMinute: 1_000 } });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('answers 429 in Chinese by default and in English when asked', async () => {
    const hit = (remoteAddress: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/oauth/token',
        remoteAddress,
        headers: { ...headers, authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}` },
        payload: {},
      });
    const cases: [string, Record<string, string>, string][] = [
      ['203.0.113.11', {}, formatMessage('RATE_LIMITED', undefined, 'zh')],
      [
        '203.0.113.12',
        { 'accept-language': 'en-US,en;q=0.9' },
        formatMessage('RATE_LIMITED', undefined, 'en'),
      ],
      ['203.0.113.13', { 'x-locale': 'en-US' }, formatMessage('RATE_LIMITED', undefined, 'en')],
    ];
    for (const [address, headers, message] of cases) {
      let last = await hit(address, headers);
      for (let i = 0; i < 5 && last.statusCode !== 429; i++) last = await hit(address, headers);
      expect(last.statusCode).toBe(429);
      expect(last.json()).toMatchObject({ code: 'RATE_LIMITED', message });
    }
    expect(formatMessage('RATE_LIMITED', undefined, 'zh')).toBe('操作过于频繁，请稍后再试');
  });
});

describe('every message key the server names is in the catalogue', () => {
  const SRC = join(import.meta.dirname, '../../src');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  // A helper's first argument, a gateway refusal, an upload refusal, a literal code in a reply.
  const PATTERNS = [
    /\b(?:badRequest|businessError|forbidden|notFound|unauthenticated|tooManyRequests|refuse|notSelf\(ctx, id,)\(\s*'([A-Z][A-Z0-9_]*(?:\.[a-z0-9_]+)?)'/g,
    /'((?:RED_FORM_REFUSED|RED_FORM_INVALID|FILE_TYPE_NOT_ALLOWED)\.[a-z0-9_]+)'/g,
    /\?\s*'([A-Z][A-Z0-9_]*\.[a-z0-9_]+)'\s*:\s*'([A-Z][A-Z0-9_]*(?:\.[a-z0-9_]+)?)'/g,
  ];

  it('finds each key used in apps/server/src in both languages, with the same parameters', () => {
    const used = new Set<string>();
    for (const f of files(SRC)) {
      const text = readFileSync(f, 'utf8');
      for (const re of PATTERNS)
        for (const m of text.matchAll(re)) for (const k of m.slice(1)) if (k) used.add(k);
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((k) => !isMessageKey(k));
    expect(missing).toEqual([]);
    for (const k of used) {
      const entry = messages[k as keyof typeof messages];
      expect(entry.zh, k).toBeTruthy();
      expect(entry.en, k).toBeTruthy();
    }
  });
});
