import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();

// Issue 28 §10: text replies leave as bytes Buffer.from made. The bytes, their length and compression must be
// exactly what sending the string gave: Chinese text (amount in words, menu titles) is where they would differ.
describe('text replies sent as UTF-8 bytes', () => {
  const draft = {
    type: 'digital_special',
    pricingMode: 'exclusive',
    buyer: { name: '上海某某贸易有限公司', taxNumber: '91310115MA1K4GDM05' },
    lines: Array.from({ length: 12 }, (_, i) => ({
      name: `*谷物*稻谷第${i + 1}批`,
      taxCode: '1010101010000000000',
      rate: 'rate_9',
      quantity: '3',
      unitPrice: `${100 + i}.25`,
    })),
  };

  it('a long Chinese JSON reply: body, content-length and content-type as before', async () => {
    const token = await app().login('demo', 'Demo@123');
    for (const [url, init] of [
      ['/api/admin/user/front/info', { method: 'GET' as const }],
      ['/api/billing/v1/invoice/calculate', { method: 'POST' as const, payload: draft }],
    ] as const) {
      const res = await app().app.inject({ url, headers: bearer(token), ...init });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
      expect(res.rawPayload.toString('utf8')).toBe(res.body);
      const json = res.json();
      if (url.endsWith('calculate'))
        expect(json.amountInWords.digital).toMatch(/^[壹贰叁肆伍陆柒捌玖拾佰仟万亿圆角分整零]+$/);
      else expect(json.menus[0].title).toBe('首页');
    }
  });

  it('the same reply compressed when the client accepts gzip', async () => {
    const token = await app().login('demo', 'Demo@123');
    const plain = await app().app.inject({
      method: 'POST',
      url: '/api/billing/v1/invoice/calculate',
      headers: bearer(token),
      payload: draft,
    });
    const gz = await app().app.inject({
      method: 'POST',
      url: '/api/billing/v1/invoice/calculate',
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
      payload: draft,
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
