import { POLICY_LABEL, type PreferentialPolicy } from '@fpy/domain';
import { describe, expect, test } from 'vitest';
import en from './locales/en.ts';
import zh from './locales/zh.ts';

const policies = Object.keys(POLICY_LABEL) as PreferentialPolicy[];

describe('preferential policy names', () => {
  test('Chinese is the bureau wording; English names every policy without a Chinese character', () => {
    expect(Object.keys(zh.policyName).sort()).toEqual([...policies].sort());
    expect(Object.keys(en.policyName).sort()).toEqual([...policies].sort());
    for (const p of policies) {
      expect(zh.policyName[p]).toBe(POLICY_LABEL[p]);
      expect(en.policyName[p], p).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
