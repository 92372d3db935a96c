import { calculateInvoice, formatYuan, type LineDraft } from '@fpy/domain';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const URL = '/api/billing/v1/invoice/calculate';

const calc = async (token: string, payload: object) =>
  app().app.inject({ method: 'POST', url: URL, headers: bearer(token), payload });

/** Each rate under a code that allows it (issue 28 §7): 3% is the simplified levy, declared with its flag. */
const RATES = [
  { rate: 'rate_13', taxCode: '1060301020100000000' },
  { rate: 'rate_9', taxCode: '1060201019900000000' },
  { rate: 'rate_6', taxCode: '3040201030000000000' },
  { rate: 'rate_3', taxCode: '3040201030000000000', policy: 'simplified_3' },
] as const;
/** 20 lines of mixed rates, quantities with decimals and prices with many decimals. */
const twentyLines: LineDraft[] = Array.from({ length: 20 }, (_, i) => ({
  name: `*软件维护服务*服务费第${i + 1}项`,
  unit: '次',
  quantity: i % 3 === 0 ? '3' : `${i + 1}.5`,
  unitPrice: `${(i + 1) * 37}.${String(1234567 * (i + 1)).slice(0, 7)}`,
  ...RATES[i % RATES.length],
}));

describe('POST /api/billing/v1/invoice/calculate', () => {
  it('returns the engine figures for a 20-line invoice in both pricing modes', async () => {
    const token = await app().login('demo', 'Demo@123');
    for (const pricingMode of ['exclusive', 'inclusive'] as const) {
      const draft = {
        type: 'digital_special' as const,
        pricingMode,
        colour: 'blue' as const,
        buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
        lines: twentyLines,
      };
      const res = await calc(token, draft);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const engine = calculateInvoice(draft);
      expect(body.ok).toBe(engine.ok);
      expect(body.lines).toHaveLength(20);
      body.lines.forEach(
        (
          l: {
            amount: { fen: number; yuan: string };
            tax: { fen: number };
            amountInclusive: { fen: number };
            lineNo: number;
            rateLabel: string;
          },
          i: number,
        ) => {
          const e = engine.lines[i];
          expect(l.lineNo).toBe(i + 1);
          expect(l.amount).toEqual({ fen: e.amount, yuan: formatYuan(e.amount) });
          expect(l.tax.fen).toBe(e.tax);
          expect(l.amountInclusive.fen).toBe(e.amountInclusive);
          expect(l.amount.fen + l.tax.fen).toBe(l.amountInclusive.fen);
        },
      );
      expect(body.totals.amount.fen).toBe(engine.totals.amount);
      expect(body.totals.tax.fen).toBe(engine.totals.tax);
      expect(body.totals.total).toEqual({ fen: engine.totals.total, yuan: formatYuan(engine.totals.total) });
      expect(body.amountInWords).toEqual(engine.amountInWords);
      expect(body.amountInWords.digital).toContain('圆');
      expect(body.amountInWords.legacy).toContain('元');
      expect(body.violations).toHaveLength(engine.violations.length);
    }
  });

  it('gives the worked example of the notes: 1409.50 in words', async () => {
    const token = await app().login('demo', 'Demo@123');
    const res = await calc(token, {
      type: 'ordinary_paper',
      pricingMode: 'inclusive',
      buyer: { name: '王小明', naturalPerson: true },
      lines: [{ name: '*餐饮服务*会议餐', quantity: '1', unitPrice: '1409.50', rate: 'rate_6' }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals.total).toEqual({ fen: 140950, yuan: '1409.50' });
    expect(body.amountInWords.legacy).toBe('壹仟肆佰零玖元伍角');
    expect(body.lines[0].tax).toEqual({ fen: 7978, yuan: '79.78' });
    expect(body.ok).toBe(true);
  });

  it('reports every violation with its line number', async () => {
    const token = await app().login('demo', 'Demo@123');
    const res = await calc(token, {
      type: 'digital_special',
      pricingMode: 'exclusive',
      buyer: { name: '王小明', naturalPerson: true },
      lines: [
        { name: '*软件维护服务*服务费', quantity: '2', unitPrice: '100', rate: 'rate_6' },
        { name: '', quantity: '1', unitPrice: '50', rate: 'rate_6' },
        { name: '*软件维护服务*服务费', quantity: '1', unitPrice: '10', rate: 'rate_1_5' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(false);
    const codes = body.violations.map((v: { code: string }) => v.code);
    expect(codes).toContain('natural_person_not_allowed');
    const line2 = body.violations.find((v: { lineNo: number | null }) => v.lineNo === 2);
    expect(line2.message).toMatch(/^第2行：商品名称不能为空/);
    expect(body.violations.some((v: { lineNo: number | null }) => v.lineNo === 3)).toBe(true);
  });

  it('refuses a malformed draft with a Chinese 400 naming the field, and needs a login', async () => {
    const token = await app().login('clerk', 'Clerk@123');
    const bad = await calc(token, {
      type: 'digital_special',
      pricingMode: 'exclusive',
      buyer: { name: 'x' },
      lines: [{ name: 'a', rate: 'rate_17' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('lines.0.rate');
    const anon = await app().app.inject({ method: 'POST', url: URL, payload: {} });
    expect(anon.statusCode).toBe(401);
  });
});
