/**
 * A small exact decimal over bigint: value = int / 10^scale. Quantities and unit prices travel as decimal strings
 * and are kept to 13 decimals (domain notes §4.4: FAPIAOAPI divides with 13 decimals; 标普智元 allows ≤ 13).
 * Never parses through Number: a binary float cannot hold 0.13 exactly, and one cent off fails the bureau's checks.
 */
export interface Decimal {
  readonly int: bigint;
  readonly scale: number;
}

/** Internal precision for quantities and unit prices (§4.4 "store 13+ decimals internally"). */
export const KEEP_DECIMALS = 13;
/** What legacy / Nuonuo channels accept (§4.4 "精确到小数点后8位"). */
export const LEGACY_EMIT_DECIMALS = 8;

const PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

export function tryParseDecimal(text: string): Decimal | null {
  const m = PATTERN.exec(text.trim());
  if (!m) return null;
  const frac = m[3] ?? '';
  const int = BigInt(m[2] + frac);
  return { int: m[1] === '-' ? -int : int, scale: frac.length };
}

export function parseDecimal(text: string): Decimal {
  const d = tryParseDecimal(text);
  if (!d) throw new RangeError(`not a decimal number: ${JSON.stringify(text)}`);
  return d;
}

export function decimalFromBigInt(int: bigint, scale = 0): Decimal {
  return { int, scale };
}

// The scales in use are small (money 2, kept quantities 13, products of two such); a table answers them without
// a bigint exponentiation, which was the tax engine's single hottest function (issue 28 §10).
const POW10: readonly bigint[] = Array.from({ length: 64 }, (_, i) => 10n ** BigInt(i));

export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

/** Same value at a larger scale (no rounding needed). */
function rescale(d: Decimal, scale: number): bigint {
  return d.int * pow10(scale - d.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const s = Math.max(a.scale, b.scale);
  return { int: rescale(a, s) + rescale(b, s), scale: s };
}

export function sub(a: Decimal, b: Decimal): Decimal {
  return add(a, neg(b));
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return { int: a.int * b.int, scale: a.scale + b.scale };
}

export function neg(a: Decimal): Decimal {
  return { int: -a.int, scale: a.scale };
}

export function abs(a: Decimal): Decimal {
  return a.int < 0n ? neg(a) : a;
}

export function sign(a: Decimal): -1 | 0 | 1 {
  return a.int < 0n ? -1 : a.int > 0n ? 1 : 0;
}

export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  return sign(sub(a, b));
}

export function isZero(a: Decimal): boolean {
  return a.int === 0n;
}

/**
 * n / d rounded HALF_UP, i.e. half away from zero — Java's RoundingMode.HALF_UP used by the providers (§4.1).
 * Rounding away from zero keeps a red (negative) line the exact mirror of its blue line.
 */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** Round to `scale` decimals, HALF_UP (§4.1). */
export function roundHalfUp(a: Decimal, scale: number): Decimal {
  if (a.scale <= scale) return { int: rescale(a, scale), scale };
  return { int: divRoundHalfUp(a.int, pow10(a.scale - scale)), scale };
}

/** a / b rounded HALF_UP to `scale` decimals, computed from the exact quotient. */
export function divide(a: Decimal, b: Decimal, scale: number): Decimal {
  if (b.int === 0n) throw new RangeError('division by zero');
  // a/b = (a.int·10^b.scale) / (b.int·10^a.scale); shift by 10^scale before the one rounding division.
  const n = a.int * pow10(b.scale + scale);
  const d = b.int * pow10(a.scale);
  return { int: divRoundHalfUp(n, d), scale };
}

/** Drop trailing zeros of the fraction: 1.2300 → 1.23 (scale 2). */
export function normalize(a: Decimal): Decimal {
  let { int, scale } = a;
  while (scale > 0 && int % 10n === 0n) {
    int /= 10n;
    scale--;
  }
  return { int, scale };
}

/**
 * Plain decimal string. `maxDecimals` rounds HALF_UP first (use LEGACY_EMIT_DECIMALS for channels limited to 8);
 * `minDecimals` pads (2 for money-like output). Trailing zeros beyond minDecimals are dropped.
 */
export function formatDecimal(a: Decimal, opts: { maxDecimals?: number; minDecimals?: number } = {}): string {
  // Rounding to more decimals than the value has changes nothing that is printed.
  const d =
    opts.maxDecimals === undefined || a.scale <= opts.maxDecimals ? a : roundHalfUp(a, opts.maxDecimals);
  const min = opts.minDecimals ?? 0;
  const negative = d.int < 0n;
  // On the digits as text: dropping trailing zeros by bigint division cost a division per zero.
  const digits = (negative ? -d.int : d.int).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  let frac = digits.slice(digits.length - d.scale);
  let end = frac.length;
  while (end > min && frac.charCodeAt(end - 1) === 48) end--;
  frac = frac.slice(0, end).padEnd(min, '0');
  return (negative ? '-' : '') + whole + (frac.length > 0 ? '.' + frac : '');
}

/** Number of decimals the value really needs (after dropping trailing zeros). */
export function decimalPlaces(a: Decimal): number {
  return normalize(a).scale;
}

/** Digits before the point, ignoring sign: 1234.5 → 4; 0.5 → 1. */
export function integerDigits(a: Decimal): number {
  const whole = (a.int < 0n ? -a.int : a.int) / pow10(a.scale);
  return whole.toString().length;
}
