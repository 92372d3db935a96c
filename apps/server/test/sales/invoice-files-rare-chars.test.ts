import { isFaceCodePoint } from '@fpy/domain';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';
import { drawnChars } from './invoice-files-glyphs.ts';
import { parseXml, pdfText, xmlAll, xmlText } from './invoice-files-helpers.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

/**
 * Issue 12 §6, end to end: a name the bureau accepts is printed on the legal face exactly as stored and sent,
 * whatever CJK extension its characters come from; what the face could not print is refused at input.
 */
const app = useTestApp();

/** One character per source the bureau takes that the main font does not draw. */
const RARE = [
  '\u{20BB7}', // 𠮷, Extension B
  '\u4DB6', // Extension A (Unicode 13)
  '\u3400', // Extension A
  '\u{2A700}', // Extension C
  '\u{2B740}', // Extension D
  '\u{2B820}', // Extension E
  '\u{2CEB0}', // Extension F
  '\u{30EDE}', // 𰻞, Extension G
  '\uF900', // 豈, compatibility ideograph (not its unified twin U+8C48)
  '\u{2F800}', // compatibility ideograph supplement
].join('');
const BUYER = `${RARE}餐饮管理有限公司`;

/** An Extension G character none of the face fonts draws (BabelStone Han has 3 330 of its 4 939). */
const UNDRAWN_G = (() => {
  for (let cp = 0x30000; cp <= 0x3134a; cp++) if (!isFaceCodePoint(cp)) return String.fromCodePoint(cp);
  throw new Error('every Extension G character is drawn now: pick another undrawn example');
})();
const LINE = `*软件维护服务*${RARE}服务费`;

describe('rare characters on the legal face (issue 12 §6)', () => {
  it('buyer and line names with Extension A–G and compatibility ideographs are printed exactly', async () => {
    const token = await app().login('demo', 'Demo@123');
    const c = api(app(), token);
    const body = invoiceBody();
    const created = await c.create({
      ...body,
      buyer: { ...(body.buyer as object), name: BUYER },
      lines: (body.lines as object[]).map((l) => ({ ...l, name: LINE })),
    });
    expect(created.statusCode, created.body).toBe(201);
    await c.settled();
    const inv = (await c.get(created.json().id)).json();
    expect(inv.status).toBe('issued');

    const pdfRes = await app().app.inject({
      url: `/api/billing/v1/invoices/${inv.id}/files/pdf`,
      headers: bearer(token),
    });
    expect(pdfRes.statusCode).toBe(200);
    const pdf = pdfRes.rawPayload;
    // Every rare character is drawn: mapped to an embedded subset glyph that has an outline.
    const drawn = await drawnChars(pdf);
    for (const ch of RARE) {
      const ways = drawn.get(ch);
      const cp = `U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`;
      expect(ways?.length, `${cp} not in the PDF`).toBeGreaterThan(0);
      for (const w of ways!) expect(w.drawable, `${cp} drawn blank by ${w.font}`).toBe(true);
    }
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain(BUYER);
      expect(text).toContain(LINE);
    }
    // The XML (the master) carries the same names.
    const xmlRes = await app().app.inject({
      url: `/api/billing/v1/invoices/${inv.id}/files/xml`,
      headers: bearer(token),
    });
    const x = parseXml(xmlRes.body);
    expect(xmlText(x, 'EInvoiceData/BuyerInformation/BuyerName')).toBe(BUYER);
    expect(xmlText(xmlAll(x, 'EInvoiceData/IssuItemInformation')[0], 'ItemName')).toBe(LINE);
  });

  it.each([
    ['an emoji', '上海😀信息技术有限公司', '😀'],
    ['a receipt emoji', '🧾上海信息技术有限公司', '🧾'],
    ['a ZWJ sequence', '上海\u{1F468}\u200D\u{1F469}\u200D\u{1F467}公司', '\u{1F468}'],
    ['a flag', '上海🇨🇳信息技术有限公司', '\u{1F1E8}'],
    ['a private-use character', '上海\uE000公司', '\uE000'],
    ['an Extension G character no font draws', `上海${UNDRAWN_G}公司`, UNDRAWN_G],
    ['an Extension H character (not in GB 18030-2022)', '上海\u{31350}公司', '\u{31350}'],
  ])('a buyer or line name with %s is refused at input (400)', async (_what, name, bad) => {
    const token = await app().login('demo', 'Demo@123');
    const c = api(app(), token);
    const body = invoiceBody();
    const res = await c.create({ ...body, buyer: { ...(body.buyer as object), name } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(bad);
    const lineRes = await c.create({
      ...invoiceBody(),
      lines: (body.lines as object[]).map((l) => ({ ...l, name: `*软件维护服务*${name}` })),
    });
    expect(lineRes.statusCode, lineRes.body).toBe(400);
  });
});
