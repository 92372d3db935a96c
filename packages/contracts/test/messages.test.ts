import { DELIVERY_FAILURE_KINDS, deliveryFailureCode } from '@fpy/domain';
import { describe, expect, it } from 'vitest';
import {
  CJK_RE,
  codeOfKey,
  formatMessage,
  isMessageKey,
  local,
  messages,
  PASSWORD_PROBLEMS_EN,
  paramNamesOf,
  pickLang,
  UPLOAD_LABELS_EN,
  VIOLATIONS_EN,
} from '../src/messages/index.ts';

const entries = Object.entries(messages);

describe('message catalogue', () => {
  it('has a Chinese and an English text for every key', () => {
    expect(entries.length).toBeGreaterThan(150);
    for (const [key, m] of entries) {
      expect(key).toMatch(/^[A-Z][A-Z0-9_]*(\.[a-z0-9_]+)?$/);
      expect(m.zh.trim(), key).not.toBe('');
      expect(m.en.trim(), key).not.toBe('');
    }
  });

  it('writes Chinese in zh and no CJK character in en', () => {
    for (const [key, m] of entries) {
      expect(CJK_RE.test(m.en), `${key}: ${m.en}`).toBe(false);
      // A pass-through ({problem}, {reason}) carries its own Chinese; every other zh text is Chinese itself.
      if (paramNamesOf(m.zh).join() !== m.zh.replace(/[{}]/g, ''))
        expect(CJK_RE.test(m.zh), `${key}: ${m.zh}`).toBe(true);
    }
    for (const t of [
      ...Object.values(VIOLATIONS_EN),
      ...Object.values(PASSWORD_PROBLEMS_EN),
      ...Object.values(UPLOAD_LABELS_EN),
    ])
      expect(CJK_RE.test(t), t).toBe(false);
  });

  it('uses the same parameter names in both languages', () => {
    for (const [key, m] of entries) expect(paramNamesOf(m.en).sort(), key).toEqual(paramNamesOf(m.zh).sort());
  });

  it('fills parameters, bilingual ones in the language asked', () => {
    expect(formatMessage('INVOICE_NOT_PRINTABLE', { serial: 'S-1' }, 'zh')).toBe(
      '发票（流水号 S-1）尚未开具，不能打印',
    );
    expect(formatMessage('INVOICE_NOT_PRINTABLE', { serial: 'S-1' }, 'en')).toBe(
      'Invoice (serial S-1) has not been issued and cannot be printed',
    );
    const problem = local('密码至少8位', 'The password needs at least 8 characters');
    expect(formatMessage('PASSWORD_WEAK', { problem }, 'zh')).toBe('密码至少8位');
    expect(formatMessage('PASSWORD_WEAK', { problem }, 'en')).toBe(
      'The password needs at least 8 characters',
    );
  });

  it('words every kind of failed send in both languages', () => {
    for (const kind of DELIVERY_FAILURE_KINDS) {
      const key = deliveryFailureCode(kind);
      expect(isMessageKey(key), key).toBe(true);
      if (isMessageKey(key)) expect(formatMessage(key, undefined, 'en')).toMatch(/^[A-Z]/);
    }
  });

  it('keeps the wire code before the variant', () => {
    expect(codeOfKey('NOT_FOUND.invoice')).toBe('NOT_FOUND');
    expect(codeOfKey('GROUP_PROTECTED')).toBe('GROUP_PROTECTED');
  });
});

describe('pickLang', () => {
  it.each([
    [undefined, undefined, 'zh'],
    ['en-US', undefined, 'en'],
    ['zh-CN', 'en', 'zh'],
    [undefined, 'en', 'en'],
    [undefined, 'en-GB,zh-CN;q=0.8', 'en'],
    [undefined, 'zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    [undefined, 'fr-FR,en;q=0.5', 'en'],
    [undefined, 'fr-FR', 'zh'],
    [undefined, 'en;q=0', 'zh'],
    ['xx', 'en', 'en'],
  ] as const)('X-Locale %s, Accept-Language %s → %s', (x, accept, lang) => {
    expect(pickLang(x, accept)).toBe(lang);
  });
});
