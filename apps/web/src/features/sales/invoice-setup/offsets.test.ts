import { describe, expect, it } from 'vitest';
import { formatMm, mmToTenths, tenthsToMm } from './offsets.ts';
import { alignmentGrid, printDocument } from './print-document.ts';

describe('print offsets', () => {
  it.each([
    [125, '12.5', 12.5],
    [-5, '-0.5', -0.5],
    [0, '0.0', 0],
    [-500, '-50.0', -50],
    [3, '0.3', 0.3],
  ])('%i tenths ↔ %s mm', (tenths, text, mm) => {
    expect(formatMm(tenths)).toBe(text);
    expect(tenthsToMm(tenths)).toBe(mm);
    expect(mmToTenths(text)).toBe(tenths);
  });

  it('parses typed millimetres exactly and refuses more than one decimal', () => {
    expect(mmToTenths('0.3')).toBe(3);
    expect(mmToTenths(12.5)).toBe(125);
    expect(mmToTenths('+7')).toBe(70);
    expect(mmToTenths('1.25')).toBeNull();
    expect(mmToTenths('abc')).toBeNull();
    expect(mmToTenths('')).toBeNull();
    expect(mmToTenths(null)).toBeNull();
  });
});

describe('print document', () => {
  it('puts one sheet per face with the page size and no margins', () => {
    const html = printDocument('打印', ['<p>A</p>', '<p>B</p>']);
    expect(html).toContain('@page { size: 210mm 140mm; margin: 0; }');
    expect(html.match(/class="sheet"/g)).toHaveLength(2);
  });

  it('moves the alignment grid by the offsets and escapes the title', () => {
    const html = alignmentGrid({ title: '<x>', legend: 'l', offsetXmm: 1.5, offsetYmm: -2 });
    expect(html).toContain('translate(1.5mm, -2mm)');
    expect(html).toContain('&lt;x&gt;');
  });
});
