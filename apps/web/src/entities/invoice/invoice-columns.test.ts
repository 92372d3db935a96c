import i18n from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { type InvoiceField, type InvoiceListFields, invoiceColumns } from './invoice-columns.tsx';
import en from './locales/en.ts';
import zh from './locales/zh.ts';

const t = i18n.createInstance();
beforeAll(async () => {
  await t.init({
    lng: 'zh',
    resources: { en: { translation: en }, zh: { translation: zh } },
    showSupportNotice: false,
  });
});

const FIELDS = Object.keys(zh.invoiceColumn) as InvoiceField[];
const render = (field: InvoiceField, value: unknown) =>
  (invoiceColumns<InvoiceListFields>(t.t)(field).render as (v: unknown) => unknown)(value);

describe('invoice list columns (one factory for every invoice list)', () => {
  test('every field has a title in both languages, and English has no Chinese', async () => {
    expect(Object.keys(en.invoiceColumn).sort()).toEqual([...FIELDS].sort());
    await t.changeLanguage('en');
    for (const f of FIELDS) expect(invoiceColumns(t.t)(f).title, f).not.toMatch(/[\u4e00-\u9fff]/);
    await t.changeLanguage('zh');
    expect(invoiceColumns(t.t)('totalFen').title).toBe('价税合计');
  });

  test('money is formatted from fen and right-aligned; times are shown in Asia/Shanghai', () => {
    const col = invoiceColumns<InvoiceListFields>(t.t);
    expect(render('totalFen', 2260050)).toBe('22,600.50');
    expect(render('taxFen', -1)).toBe('-0.01');
    expect(col('amountFen').align).toBe('right');
    expect(render('issuedAt', '2024-04-30T16:00:00.000Z')).toBe('2024-05-01 00:00:00');
    expect(render('type', 'digital_special')).toBe('数电发票（增值税专用发票）');
    expect(col('buyerName').dataIndex).toBe('buyerName');
  });

  test('a page override wins over the default, field by field', () => {
    const col = invoiceColumns<InvoiceListFields>(t.t);
    const c = col('totalFen', { title: 'X', sorter: true, render: undefined });
    expect(c).toMatchObject({ title: 'X', sorter: true, align: 'right', dataIndex: 'totalFen' });
    expect(c.render).toBeUndefined();
  });
});
