import { beforeAll, describe, expect, it } from 'vitest';
import { insertProvider } from './delivery-providers-helpers.ts';
import { dsnFor, receiptPath } from './delivery-receipts-helpers.ts';
import { useTestApp } from '../harness.ts';
import { headerLines, HOSTILE_BOUNCES, nestedParts, siblingParts } from './hostile-bounces.ts';

/**
 * Issue 28 §4: a bounce body with 2,000 nested parts or 200,000 header lines answered 500. Every limit of the
 * bounce parser (header lines and bytes per block, parts, nesting) is a 400 with the catalogue's message in
 * the request's language; the body's size stays the route's 413.
 */
const app = useTestApp();
let path: string;

beforeAll(async () => {
  const token = 'bounce-limits-token-0123456789abcdef';
  const row = await insertProvider(app().services.db, {
    channel: 'email',
    kind: 'smtp',
    config: { callbackToken: token, from: 'invoice@fapiaoyun.example' },
  });
  path = receiptPath('smtp', row.id, token);
});

const post = (body: string, lang = 'zh-CN') =>
  app().app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'message/rfc822', 'accept-language': lang },
    payload: body,
  });

describe('hostile bounce bodies', () => {
  it.each(HOSTILE_BOUNCES)('$name: 400 with the limit named', async ({ body, code }) => {
    const res = await post(body());
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(res.json().message).toMatch(/^(退信内容|无法解析退信)/);
  });

  it('names each limit, in English too', async () => {
    expect((await post(nestedParts(2000), 'en')).json().message).toBe(
      'The bounce nests MIME parts more than 16 levels deep; refused',
    );
    expect((await post(headerLines(200_000), 'en')).json().message).toBe(
      'The bounce has a header block of more than 1000 lines; refused',
    );
    expect((await post(siblingParts(5000))).json().message).toBe('退信内容包含超过 200 个 MIME 部分，已拒绝');
  });

  it('still reads real reports, nested as deep as real ones are', async () => {
    const ok = await post(dsnFor('<0123456789abcdef0123456789abcdef@fapiaoyun.example>', 'failed'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true, receipts: 1 });
    // A few levels (a forwarded report inside a mixed message) and a few hundred header lines pass.
    expect((await post(nestedParts(8))).statusCode).toBe(200);
    expect((await post(headerLines(500))).statusCode).toBe(200);
  });

  it('keeps the size limit of the route (413)', async () => {
    const res = await post(`Subject: x\r\n\r\n${'a'.repeat(4 * 1024 * 1024 + 10)}`);
    expect(res.statusCode).toBe(413);
  });
});
