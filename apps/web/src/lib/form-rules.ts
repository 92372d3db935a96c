import { checkCreditCode, passwordProblem } from '@fpy/domain';
import type { FormRule } from 'antd';
import i18n from 'i18next';

/** The platform password rule (≥ 8 characters, letters and digits), the same check the server runs. */
export function passwordRule(): FormRule {
  return {
    validator: (_, value: string | undefined) =>
      !value || passwordProblem(value) === null
        ? Promise.resolve()
        : Promise.reject(new Error(i18n.t('validation.password'))),
  };
}

/** A required password that follows the platform rule. */
export function passwordRules(): FormRule[] {
  return [{ required: true, message: i18n.t('validation.password') }, passwordRule()];
}

/** Second password field: must repeat the field named `other`. */
export function confirmRules(other: string): FormRule[] {
  return [
    { required: true, message: i18n.t('validation.passwordMismatch') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue(other)
          ? Promise.resolve()
          : Promise.reject(new Error(i18n.t('validation.passwordMismatch'))),
    }),
  ];
}

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const CODE_PATTERN = /^\d{6}$/;

/**
 * GB 32100-2015: a malformed number blocks, but a checksum mismatch only warns — some early pilot-region
 * codes are legal yet fail it, and the tax bureau's lookup is the authority (domain notes §5.1).
 */
export function creditCodeRules(required = true): FormRule[] {
  return [
    { required, message: i18n.t('validation.creditCodeMalformed') },
    {
      validator: (_, value: string | undefined) =>
        !value || checkCreditCode(value.toUpperCase()).status !== 'malformed'
          ? Promise.resolve()
          : Promise.reject(new Error(i18n.t('validation.creditCodeMalformed'))),
    },
    {
      warningOnly: true,
      validator: (_, value: string | undefined) => {
        const check = value ? checkCreditCode(value.toUpperCase()) : null;
        return check?.status === 'checksum_failed'
          ? Promise.reject(
              new Error(i18n.t('validation.creditCodeChecksum', { expected: check.expectedCheck })),
            )
          : Promise.resolve();
      },
    },
  ];
}
