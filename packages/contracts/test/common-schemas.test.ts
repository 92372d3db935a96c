import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  calendarDay,
  decimalText,
  faceText,
  fenAmount,
  idArray,
  idParams,
  idSchema,
  optionalDecimalText,
  isoDate,
  MAX_ID,
  multilineText,
  pagedQuery,
  pageQuery,
  patchOf,
  text,
} from '../src/common.ts';

const ok = (s: z.ZodType, v: unknown) => s.safeParse(v).success;
const firstMessage = (s: z.ZodType, v: unknown) => s.safeParse(v).error?.issues[0]?.message;

describe('idSchema: a positive PostgreSQL int4', () => {
  it('accepts 1..2^31-1, from numbers and from path/query text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ID }), (n) => {
        expect(idSchema.parse(n)).toBe(n);
        expect(idSchema.parse(String(n))).toBe(n);
      }),
    );
  });

  it('refuses every integer outside int4, and zero, negatives, fractions and junk', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.bigInt({ min: 2n ** 31n, max: 10n ** 40n }), fc.bigInt({ min: -(10n ** 40n), max: 0n })),
        (n) => {
          expect(ok(idSchema, String(n))).toBe(false);
          expect(ok(idSchema, Number(n))).toBe(false);
        },
      ),
    );
    for (const v of [
      '2147483648',
      '99999999999',
      '1.5',
      'abc',
      '',
      '1e400',
      'NaN',
      'Infinity',
      null,
      [1, 2],
      {},
    ])
      expect(ok(idSchema, v), String(v)).toBe(false);
    expect(firstMessage(idParams, { id: '2147483648' })).toBe(`ID不能大于${MAX_ID}`);
  });

  it('bounds id arrays in length and in each element', () => {
    const ids = idArray(3, { min: 1 });
    expect(ok(ids, [1, 2, 3])).toBe(true);
    expect(ok(ids, [])).toBe(false);
    expect(ok(ids, [1, 2, 3, 4])).toBe(false);
    expect(ok(ids, [2147483648])).toBe(false);
  });
});

describe('text: trimmed, bounded, no control or broken characters', () => {
  it('refuses any string holding a NUL byte, wherever it is', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (a, b) => {
        const s = `${a}\u0000${b}`;
        for (const schema of [text(255), multilineText(255), faceText(255)])
          expect(ok(schema, s)).toBe(false);
      }),
    );
    expect(firstMessage(text(), 'de\u0000mo')).toBe('不能包含空字符（\\0）');
  });

  it('refuses C0 and C1 controls; line breaks only where a field allows them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x9f }).filter((cp) => cp < 0x20 || cp >= 0x7f),
        (cp) => {
          const s = `a${String.fromCharCode(cp)}b`;
          expect(ok(text(), s)).toBe(false);
          expect(ok(multilineText(), s)).toBe(cp === 0x0a || cp === 0x0d || cp === 0x09);
        },
      ),
    );
  });

  it('refuses lone surrogates and keeps well-formed text, trimmed', () => {
    expect(ok(text(), 'a\ud800b')).toBe(false);
    expect(ok(text(), 'a\udc00')).toBe(false);
    expect(text().parse('  上海𠮷野家  ')).toBe('上海𠮷野家');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), (s) => {
        const clean = [...s]
          .filter((c) => {
            const cp = c.codePointAt(0) ?? 0;
            return cp >= 0x20 && (cp < 0x7f || cp > 0x9f);
          })
          .join('');
        expect(text(255).safeParse(clean).success).toBe(true);
      }),
    );
  });

  it('bounds the length after trimming', () => {
    expect(ok(text(3), ' abc ')).toBe(true);
    expect(firstMessage(text(3), 'abcd')).toBe('不能超过3个字符');
  });
});

describe('faceText: only what the invoice face can print', () => {
  it('accepts names the bureau takes, with CJK extensions', () => {
    for (const s of ['上海云帆信息技术有限公司', '𠮷野家（上海）餐饮有限公司', 'ACME GmbH & Co. KG', '№1 ①'])
      expect(ok(faceText(100), s), s).toBe(true);
  });

  it('refuses emoji and private-use characters, naming the character', () => {
    expect(firstMessage(faceText(100), '云帆😀科技')).toBe('不能包含发票上无法打印的字符“😀”（U+1F600）');
    expect(ok(faceText(100), '云帆\ue000')).toBe(false);
  });
});

describe('calendarDay: a day that exists', () => {
  const days = fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2100-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

  it('accepts every real day between 1900 and 2100', () => {
    fc.assert(
      fc.property(days, (d) => {
        expect(calendarDay.parse(d)).toBe(d);
      }),
    );
  });

  it('refuses every impossible day: month 0 or 13+, day 0, day past the month end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2100 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (y, m, d) => {
          const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
          expect(ok(calendarDay, s)).toBe(real);
        },
      ),
    );
    for (const s of [
      '2026-02-30',
      '2025-02-29',
      '0000-00-00',
      '9999-99-99',
      '9999-12-31',
      '1899-12-31',
      '2026-2-3',
      '20260203',
    ])
      expect(ok(calendarDay, s), s).toBe(false);
    expect(ok(calendarDay, '2024-02-29')).toBe(true);
    expect(firstMessage(calendarDay, '2026/02/03')).toBe('日期格式应为 yyyy-MM-dd');
  });

  it('isoDate holds real days and times only', () => {
    for (const s of [
      '2026-02-03',
      '2026-02-03 23:59:59',
      '2026-02-03T01:02:03+08:00',
      '2026-02-03T01:02:03.123Z',
    ])
      expect(ok(isoDate, s), s).toBe(true);
    for (const s of ['2026-02-30', '9999-99-99 00:00:00', '2026-02-03 24:00:00', '2026-02-03T01:02:03'])
      expect(ok(isoDate, s), s).toBe(false);
  });
});

describe('paging and sorting', () => {
  const q = pagedQuery(['name', 'createdAt']);

  it('accepts the allowlisted keys, ascending or descending', () => {
    for (const sort of ['name', '-name', 'createdAt', '-createdAt'])
      expect(q.parse({ sort }).sort).toBe(sort);
    expect(q.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('refuses any other key, prototype keys included', () => {
    for (const sort of [
      '__proto__',
      '-__proto__',
      'constructor',
      'toString',
      'password',
      '+name',
      'name;drop',
      '',
    ])
      expect(ok(q, { sort }), sort).toBe(false);
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(ok(q, { sort: s })).toBe(['name', '-name', 'createdAt', '-createdAt'].includes(s));
      }),
    );
  });

  it('bounds page and limit', () => {
    expect(ok(pageQuery, { page: '1e300' })).toBe(false);
    expect(ok(pageQuery, { page: '100001' })).toBe(false);
    expect(ok(pageQuery, { limit: '501' })).toBe(false);
  });
});

describe('money and decimal figures', () => {
  it('fenAmount holds the 12-digit rule in either sign', () => {
    expect(ok(fenAmount, 99_999_999_999_999)).toBe(true);
    expect(ok(fenAmount, -99_999_999_999_999)).toBe(true);
    expect(ok(fenAmount, 100_000_000_000_000)).toBe(false);
    expect(ok(fenAmount, 1.5)).toBe(false);
    expect(ok(fenAmount, 1e300)).toBe(false);
  });

  it('decimalText bounds integer and fraction digits', () => {
    const price = decimalText('单价');
    const qty = decimalText('数量', { signed: true });
    expect(ok(price, '123456789012.1234567890123')).toBe(true);
    expect(ok(price, '1234567890123')).toBe(false);
    expect(ok(price, '1.12345678901234')).toBe(false);
    expect(ok(price, '-1')).toBe(false);
    expect(ok(price, '1e5')).toBe(false);
    expect(ok(price, '9'.repeat(40))).toBe(false);
    expect(ok(qty, '-3.5')).toBe(true);
    expect(firstMessage(price, '9'.repeat(40))).toMatch(/^单价/);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
        fc.integer({ min: 0, max: 13 }),
        (int, scale) => {
          const s = scale ? `${int}.${'5'.repeat(scale)}` : `${int}`;
          expect(ok(price, s)).toBe(true);
        },
      ),
    );
  });
});

describe('patchOf: an update changes only what it is given', () => {
  const form = {
    name: text(10).min(1),
    phone: text(20)
      .nullish()
      .transform((v) => v || null),
    sortOrder: z.coerce.number().int().default(0),
    enabled: z.boolean().default(true),
  };

  it('leaves absent fields absent: no default, no blank-to-null', () => {
    expect(patchOf(form).parse({ name: '新名称' })).toEqual({ name: '新名称' });
    expect(patchOf(form).parse({})).toEqual({});
  });

  it('still validates and transforms what is sent, and clears with null or blank', () => {
    expect(patchOf(form).parse({ phone: '', sortOrder: '3', enabled: false })).toEqual({
      phone: null,
      sortOrder: 3,
      enabled: false,
    });
    expect(patchOf(form).safeParse({ name: '' }).success).toBe(false);
    expect(patchOf(form).safeParse({ name: 'a\u0000' }).success).toBe(false);
  });
});

describe('optionalDecimalText (a quantity or unit price that may be left blank)', () => {
  const qty = optionalDecimalText('数量', { signed: true });
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    [' 2 ', '2'],
    ['-3.25', '-3.25'],
  ])('%j becomes %j', (input, out) => {
    const r = qty.safeParse(input);
    expect(r.success && r.data).toBe(out);
  });
  it.each(['abc', '1234567890123', '1.12345678901234', '1e3'])('refuses %j naming the rule', (input) => {
    const r = qty.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('数量须为数字，整数部分最多12位，最多13位小数');
  });
  it('refuses a number or null as before', () => {
    expect(qty.safeParse(5).success).toBe(false);
    expect(qty.safeParse(null).success).toBe(false);
  });
});
