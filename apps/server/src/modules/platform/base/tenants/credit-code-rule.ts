import { checkCreditCode } from '@fpy/domain';
import { badRequest } from '../../../../lib/errors.ts';

export interface JudgedCreditCode {
  code: string;
  status: 'valid' | 'checksum_failed' | 'legacy';
  /** Shown next to a saved record: some real pilot-region codes fail the checksum (domain notes §5.1). */
  warning: string | null;
}

/** A malformed code is refused; a checksum failure is kept with a warning, never rejected. */
export function judgeCreditCode(raw: string): JudgedCreditCode {
  const code = raw.trim().toUpperCase();
  const check = checkCreditCode(code);
  if (check.status === 'malformed') {
    throw badRequest('CREDIT_CODE_MALFORMED');
  }
  const warning =
    check.status === 'checksum_failed'
      ? `统一社会信用代码校验位不符（按规则应为 ${check.expectedCheck}），请核对；已按填写内容保存`
      : null;
  return { code, status: check.status, warning };
}
