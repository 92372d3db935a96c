/**
 * Money is integer 分 (fen) at every boundary: JSON-safe `number` holding a safe integer. Arithmetic that can
 * overflow or needs a product (amount × rate) is done in bigint; nothing on the money path is a binary fraction.
 * Domain notes §4.1: amounts are "精确到小数点后2位", rounded HALF_UP.
 */
import {
  type Decimal,
  decimalFromBigInt,
  divRoundHalfUp,
  formatDecimal,
  pow10,
  tryParseDecimal,
} from './decimal.ts';
import { AmountOutOfRangeError } from './range.ts';

/** An amount in fen (1 yuan = 100 fen); always a safe integer. */
export type Fen = number;

export function isFen(value: unknown): value is Fen {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function fenToBig(fen: Fen): bigint {
  if (!isFen(fen)) throw new AmountOutOfRangeError(`金额须为以分计的整数：${fen}`);
  return BigInt(fen);
}

export function bigToFen(fen: bigint): Fen {
  const n = Number(fen);
  if (!Number.isSafeInteger(n)) throw new AmountOutOfRangeError();
  return n;
}

/** The yuan value of an amount in fen as an exact decimal (scale 2). */
export function fenToDecimal(fen: Fen | bigint): Decimal {
  return decimalFromBigInt(typeof fen === 'bigint' ? fen : fenToBig(fen), 2);
}

/** "1409.50", "-0.05": the form providers expect for 金额/税额 (two decimals, §4.1). */
export function formatYuan(fen: Fen | bigint): string {
  return formatDecimal(fenToDecimal(fen), { minDecimals: 2 });
}

/** Parse a yuan string such as "1409.5" or "-0.05"; null when it is not a number or has more than 2 decimals. */
export function parseYuan(text: string): Fen | null {
  const d = tryParseDecimal(text);
  if (!d) return null;
  if (d.scale > 2) {
    const excess = pow10(d.scale - 2);
    if (d.int % excess !== 0n) return null;
    return bigToFen(d.int / excess);
  }
  return bigToFen(d.int * pow10(2 - d.scale));
}

/** Round a yuan decimal to whole fen, HALF_UP (§4.1 round2). */
export function roundToFen(yuan: Decimal): bigint {
  return yuan.scale <= 2 ? yuan.int * pow10(2 - yuan.scale) : divRoundHalfUp(yuan.int, pow10(yuan.scale - 2));
}

/** round2(fen × factor): the product of an amount and a rate, rounded HALF_UP to the fen. */
export function mulRound(fen: bigint, factor: Decimal): bigint {
  return divRoundHalfUp(fen * factor.int, pow10(factor.scale));
}

/** round2(fen × num / den) from the exact rational, e.g. 含税金额 × 税率 / (1 + 税率) of §4.1. */
export function mulDivRound(fen: bigint, num: Decimal, den: Decimal): bigint {
  // fen·(num.int/10^ns)/(den.int/10^ds) = fen·num.int·10^ds / (den.int·10^ns)
  return divRoundHalfUp(fen * num.int * pow10(den.scale), den.int * pow10(num.scale));
}

/** Integer digits of an amount in yuan (for the 12-digit limit of §4.4). */
export function yuanIntegerDigits(fen: Fen | bigint): number {
  const big = typeof fen === 'bigint' ? fen : fenToBig(fen);
  return ((big < 0n ? -big : big) / 100n).toString().length;
}
