import { INVOICE_TYPE_RULES, type InvoiceType, POLICY_LABEL, type PreferentialPolicy } from '@fpy/domain';
import i18n from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { invoiceTypeName, invoiceTypeOptions } from './invoice-type.ts';
import en from './locales/en.ts';
import zh from './locales/zh.ts';
import { policyName } from './policy-name.ts';

const types = Object.keys(INVOICE_TYPE_RULES) as InvoiceType[];
const policies = Object.keys(POLICY_LABEL) as PreferentialPolicy[];
const t = i18n.createInstance();

beforeAll(async () => {
  await t.init({
    lng: 'en',
    resources: { en: { translation: en }, zh: { translation: zh } },
    showSupportNotice: false,
  });
});

describe('invoice type names', () => {
  test('English names every type without a Chinese character; Chinese is the domain label', async () => {
    await t.changeLanguage('en');
    for (const type of types) {
      const name = invoiceTypeName(t.t, type);
      expect(name, type).not.toBe(`invoiceTypeName.${type}`);
      expect(name, type).not.toMatch(/[\u4e00-\u9fff]/);
    }
    expect(invoiceTypeName(t.t, 'digital_ordinary')).toBe('Digital invoice (ordinary)');
    // A picker must never offer two types under one name (the face titles of a 数电 paper invoice and a
    // legacy paper invoice are the same words).
    expect(new Set(types.map((type) => invoiceTypeName(t.t, type))).size).toBe(types.length);
    await t.changeLanguage('zh');
    for (const type of types) expect(invoiceTypeName(t.t, type)).toBe(INVOICE_TYPE_RULES[type].label);
    expect(new Set(types.map((type) => invoiceTypeName(t.t, type))).size).toBe(types.length);
  });

  test('options keep the domain order and only the types the rule keeps', async () => {
    await t.changeLanguage('en');
    expect(invoiceTypeOptions(t.t).map((o) => o.value)).toEqual(types);
    const forPersons = invoiceTypeOptions(t.t, (r) => r.naturalPersonBuyerAllowed);
    expect(forPersons.map((o) => o.value)).toEqual(
      types.filter((type) => INVOICE_TYPE_RULES[type].naturalPersonBuyerAllowed),
    );
    expect(forPersons.some((o) => o.value === 'digital_special')).toBe(false);
    expect(forPersons.find((o) => o.value === 'digital_ordinary')?.label).toBe('Digital invoice (ordinary)');
  });
});

describe('preferential policy names', () => {
  test('English names every policy without a Chinese character', async () => {
    expect(Object.keys(en.policyName).sort()).toEqual([...policies].sort());
    await t.changeLanguage('en');
    for (const p of policies) expect(policyName(t.t, p), p).not.toMatch(/[\u4e00-\u9fff]/);
    expect(policyName(t.t, 'exempt')).toBe('Exempt');
  });

  test('Chinese is the bureau wording of the domain', async () => {
    await t.changeLanguage('zh');
    for (const p of policies) expect(policyName(t.t, p)).toBe(POLICY_LABEL[p]);
  });
});
