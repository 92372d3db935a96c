/**
 * How large an amount the product handles. Domain notes §4.4: an amount's integer part (yuan) has at most 12
 * digits; 价税合计 in words (§4.7) can be written up to 16. Inputs are bounded at the contract layer; anything
 * past these bounds that still reaches the money code is refused with AmountOutOfRangeError, which callers turn
 * into a 400 — never a crash.
 */

/** §4.4 "金额整数部分不能超过12位": the largest amount any input field may carry, in fen (999999999999.99 元). */
export const MAX_AMOUNT_FEN = 99_999_999_999_999;

/** Integer digits of yuan that amountInWords can write (up to 万亿). */
export const MAX_WORDS_YUAN_DIGITS = 16;

/** An amount the money code cannot represent; the message is Chinese and safe to show to the user. */
export class AmountOutOfRangeError extends RangeError {
  readonly code = 'AMOUNT_OUT_OF_RANGE';
  constructor(message = '金额超出范围：整数部分不能超过12位') {
    super(message);
    this.name = 'AmountOutOfRangeError';
  }
}

export function isAmountOutOfRange(err: unknown): err is AmountOutOfRangeError {
  return err instanceof AmountOutOfRangeError;
}
