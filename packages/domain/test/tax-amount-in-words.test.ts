import { describe, expect, it } from 'vitest';
import { LEGACY_WORDS_STYLE, amountInWords } from '../src/tax/amount-in-words.ts';

/** [fen, 数电 (圆), legacy (元), rule of §4.7 it pins]. */
const CASES: [number, string, string, string][] = [
  [
    140950,
    '壹仟肆佰零玖圆伍角整',
    '壹仟肆佰零玖元伍角',
    'zero inside → 零; 整 after 角 optional (数电 style writes it)',
  ],
  [600714, '陆仟零柒圆壹角肆分', '陆仟零柒元壹角肆分', 'consecutive zeros → one 零; never 整 after 分'],
  [168032, '壹仟陆佰捌拾圆零叁角贰分', '壹仟陆佰捌拾元零叁角贰分', 'zero 元 digit before 角 written as 零'],
  [10000000, '壹拾万圆整', '壹拾万元整', '整 after 圆 when no 角/分; leading 壹拾 keeps 壹'],
  [5, '伍分', '伍分', 'no integer part: no 圆, no 零'],
  [0, '零圆整', '零元整', 'zero amount'],
  [1070, '壹拾圆零柒角整', '壹拾元零柒角', 'the 10.70 sample of §4.7'],
  [8586, '捌拾伍圆捌角陆分', '捌拾伍元捌角陆分', '数电 sample 捌拾伍圆捌角陆分'],
  [127200, '壹仟贰佰柒拾贰圆整', '壹仟贰佰柒拾贰元整', '数电 sample 壹仟贰佰柒拾贰圆整'],
  [10700053, '壹拾万零柒仟圆零伍角叁分', '壹拾万零柒仟元零伍角叁分', 'zero at 万 and 元 places both written'],
  [140905, '壹仟肆佰零玖圆零伍分', '壹仟肆佰零玖元零伍分', 'zero 角 before 分 always 零'],
  [1640902, '壹万陆仟肆佰零玖圆零贰分', '壹万陆仟肆佰零玖元零贰分', 'PBoC 16409.02'],
  [32504, '叁佰贰拾伍圆零肆分', '叁佰贰拾伍元零肆分', 'PBoC 325.04'],
  [1615, '壹拾陆圆壹角伍分', '壹拾陆元壹角伍分', 'PBoC 16.15: 壹拾 keeps 壹'],
  [50, '伍角整', '伍角', '角 only'],
  [15, '壹角伍分', '壹角伍分', '角 and 分 only'],
  [100000000, '壹佰万圆整', '壹佰万元整', '万 group'],
  [10000000000, '壹亿圆整', '壹亿元整', '亿 group, empty 万 group dropped'],
  [10001000000, '壹亿零壹万圆整', '壹亿零壹万元整', 'zeros across an empty group → one 零'],
  [10000000001, '壹亿圆零壹分', '壹亿元零壹分', 'all-zero integer tail then 分'],
  [100010, '壹仟圆零壹角整', '壹仟元零壹角', 'trailing zeros of 元 before 角'],
  [
    99999999999999,
    '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖圆玖角玖分',
    '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    '12-digit maximum (§4.4)',
  ],
  [-11700, '（负数）壹佰壹拾柒圆整', '（负数）壹佰壹拾柒元整', 'red invoice prefix （负数）'],
  [-5, '（负数）伍分', '（负数）伍分', 'negative fen only'],
];

describe('价税合计大写 (§4.7)', () => {
  it.each(CASES)('%i fen → %s (%s / %s)', (fen, digital, legacy) => {
    expect(amountInWords(fen)).toBe(digital);
    expect(amountInWords(fen, LEGACY_WORDS_STYLE)).toBe(legacy);
  });
  it('accepts bigint input', () => expect(amountInWords(140950n)).toBe('壹仟肆佰零玖圆伍角整'));
});
