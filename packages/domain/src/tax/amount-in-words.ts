/**
 * 价税合计 in words (大写), domain notes §4.7 (rules of 《会计基础工作规范》 / the PBoC 支票填写规范):
 * - digits 零壹贰叁肆伍陆柒捌玖, units 拾佰仟万亿, then 圆/元, 角, 分;
 * - 整 after 圆/元 when there is no 角/分; after 角 it is optional (a style choice below); never after 分;
 * - a run of zeros between non-zero digits is written as one 零 (1409.50 → 壹仟肆佰零玖…, 6007.14 → 陆仟零柒…);
 * - a zero 元 digit before a non-zero 角 "may be written as 零 or omitted" — we write it (1680.32 → …捌拾圆零叁角贰分,
 *   the first form of the notes); likewise across 万/亿 (107000.53 → 壹拾万零柒仟…);
 * - a zero 角 before a non-zero 分 is always written: 1409.05 → …零玖圆零伍分;
 * - a leading 1 in the 拾 place keeps its 壹: 100000.00 → 壹拾万圆整.
 */
import type { Fen } from '../money/fen.ts';
import { AmountOutOfRangeError, MAX_WORDS_YUAN_DIGITS } from '../money/range.ts';

export interface AmountInWordsStyle {
  /** 圆 on 数电 (XML TotalTax-includedAmountInChinese), 元 in the legacy helpers (§4.7). */
  currencyUnit: '圆' | '元';
  /** Whether "整" follows a final 角 (§4.7: optional; UNCONFIRMED which one 数电 prints). */
  zhengAfterJiao: boolean;
  /** Prefix of negative (red) amounts; §4.7 UNCONFIRMED, "（负数）" is the form the notes name. */
  negativePrefix: string;
}

/**
 * 数电: 圆 (捌拾伍圆捌角陆分, 壹仟贰佰柒拾贰圆整). 整 after 角 follows the only 圆 sample the notes cite
 * (10.70 → 壹拾圆零柒角整, UNCONFIRMED) — switch it here if the bureau's XML says otherwise.
 */
export const DIGITAL_WORDS_STYLE: AmountInWordsStyle = {
  currencyUnit: '圆',
  zhengAfterJiao: true,
  negativePrefix: '（负数）',
};

/** Legacy helpers (fapiaoapi OtherUtil): 元, no 整 after 角 — the PBoC example 1409.50 → 壹仟肆佰零玖元伍角. */
export const LEGACY_WORDS_STYLE: AmountInWordsStyle = {
  currencyUnit: '元',
  zhengAfterJiao: false,
  negativePrefix: '（负数）',
};

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const GROUP_UNITS = ['', '万', '亿', '万亿'];

/** Words for a positive whole number of yuan (< 10^16). */
function integerWords(yuan: bigint): string {
  const digits = yuan.toString();
  if (digits.length > MAX_WORDS_YUAN_DIGITS)
    throw new AmountOutOfRangeError(`金额超出范围：大写金额的整数部分不能超过${MAX_WORDS_YUAN_DIGITS}位`);
  let out = '';
  let zeroPending = false;
  let groupHasDigit = false;
  for (let i = 0; i < digits.length; i++) {
    const pos = digits.length - 1 - i;
    const d = Number(digits[i]);
    if (d === 0) {
      zeroPending = out !== '';
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      groupHasDigit = true;
      out += DIGITS[d] + SMALL_UNITS[pos % 4];
    }
    if (pos % 4 === 0) {
      if (groupHasDigit) out += GROUP_UNITS[pos / 4];
      groupHasDigit = false;
    }
  }
  return out;
}

export function amountInWords(amount: Fen | bigint, style: AmountInWordsStyle = DIGITAL_WORDS_STYLE): string {
  const fen = typeof amount === 'bigint' ? amount : BigInt(amount);
  if (fen < 0n) return style.negativePrefix + amountInWords(-fen, style);
  const yuan = fen / 100n;
  const jiao = Number((fen / 10n) % 10n);
  const cents = Number(fen % 10n);
  const unit = style.currencyUnit;
  if (fen === 0n) return `零${unit}整`;
  let out = yuan > 0n ? integerWords(yuan) + unit : '';
  if (jiao === 0 && cents === 0) return out + '整';
  if (jiao > 0) {
    // Zero in the 元 place before a non-zero 角: written as 零 (§4.7 first form).
    if (yuan > 0n && yuan % 10n === 0n) out += '零';
    out += DIGITS[jiao] + '角';
  } else if (yuan > 0n) {
    out += '零'; // 1409.05 → …圆零伍分: a zero 角 between 圆 and 分 is always written.
  }
  if (cents > 0) return out + DIGITS[cents] + '分';
  return style.zhengAfterJiao ? out + '整' : out;
}

/** Both variants at once, as the calculation returns them. */
export function amountInWordsBoth(amount: Fen | bigint): { digital: string; legacy: string } {
  return {
    digital: amountInWords(amount, DIGITAL_WORDS_STYLE),
    legacy: amountInWords(amount, LEGACY_WORDS_STYLE),
  };
}
