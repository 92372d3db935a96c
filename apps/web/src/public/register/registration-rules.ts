import { checkCreditCode } from '@fpy/domain';
import type { FormRule } from 'antd';
import i18n from 'i18next';

/**
 * Self-service sign-up takes only an 18-character 统一社会信用代码 with the right check character, the same
 * rule as the server (the tenant manager, with a person looking, accepts a checksum failure as a warning).
 * The expected check character is not suggested: a typo may sit anywhere in the code.
 */
export function registrableCreditCodeRules(): FormRule[] {
  return [
    { required: true, whitespace: true, message: i18n.t('validation.creditCodeMalformed') },
    {
      validator: (_, value: string | undefined) => {
        const status = value ? checkCreditCode(value.toUpperCase()).status : 'valid';
        if (status === 'valid') return Promise.resolve();
        const key =
          status === 'checksum_failed'
            ? 'public.register.creditCodeChecksum'
            : status === 'legacy'
              ? 'public.register.creditCodeLegacy'
              : 'validation.creditCodeMalformed';
        return Promise.reject(new Error(i18n.t(key)));
      },
    },
  ];
}

/**
 * USERNAME_RE of the users contract: 3–32 letters, digits or _ . @ -, starting with a letter or digit. Copied,
 * not imported, so the public page does not load every contract.
 */
const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,31}$/;

export function usernameRules(): FormRule[] {
  return [
    { required: true, whitespace: true, message: i18n.t('public.register.usernameRule') },
    { pattern: USERNAME_RE, message: i18n.t('public.register.usernameRule') },
  ];
}
