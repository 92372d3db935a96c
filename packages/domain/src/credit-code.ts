/**
 * 统一社会信用代码 (GB 32100-2015) and older taxpayer numbers — domain notes §5.1, §5.2.
 * A checksum failure is a warning, not a rejection: some early pilot-region codes are legal but fail it
 * (e.g. 91350100M0001TGQXM), and the bureau's own lookup is authoritative.
 */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const FORMAT = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
/** 15 = region + organisation code; 17 / 20 = ID-card based numbers of individual businesses. */
const LEGACY = /^(?:[0-9A-Z]{15}|[0-9A-Z]{17}|[0-9A-Z]{20})$/;

export type CreditCodeStatus = 'valid' | 'checksum_failed' | 'legacy' | 'malformed';

export interface CreditCodeCheck {
  status: CreditCodeStatus;
  /** The check character the code should end with, when the format is right. */
  expectedCheck?: string;
}

export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CHARSET.indexOf(first17[i]) * WEIGHTS[i];
  const c = 31 - (sum % 31);
  return CHARSET[c === 31 ? 0 : c];
}

export function checkCreditCode(raw: string): CreditCodeCheck {
  const code = raw.trim();
  if (code.length === 18 && FORMAT.test(code)) {
    const expected = creditCodeCheckChar(code.slice(0, 17));
    return expected === code[17]
      ? { status: 'valid' }
      : { status: 'checksum_failed', expectedCheck: expected };
  }
  if (LEGACY.test(code)) return { status: 'legacy' };
  return { status: 'malformed' };
}

/** Acceptable as a taxpayer number at all (a checksum failure is still acceptable, with a warning). */
export function isAcceptableTaxNumber(raw: string): boolean {
  return checkCreditCode(raw).status !== 'malformed';
}
