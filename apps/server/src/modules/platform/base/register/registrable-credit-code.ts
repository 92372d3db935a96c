import { checkCreditCode } from '@fpy/domain';
import { badRequest } from '../../../../lib/errors.ts';

/**
 * Self-service sign-up takes only an 18-character 统一社会信用代码 whose check character is right. The tenant
 * manager keeps a checksum failure with a warning (some early pilot-region codes are legal yet fail it, domain
 * notes §5.1), but an anonymous form has nobody to look at the warning: those companies, and those still on an
 * older tax number, are opened by the platform through 客服. Checked before anything is looked up or written.
 */
export function registrableCreditCode(raw: string): string {
  const code = raw.trim().toUpperCase();
  const check = checkCreditCode(code);
  if (check.status === 'valid') return code;
  if (check.status === 'checksum_failed') throw badRequest('CREDIT_CODE_CHECKSUM');
  if (check.status === 'legacy') throw badRequest('CREDIT_CODE_MALFORMED.legacy');
  throw badRequest('CREDIT_CODE_MALFORMED');
}
