import { smtpSecureForPort } from '@fpy/domain';
import type { FormInstance } from 'antd';
import { useMemo, useRef } from 'react';

/**
 * An SMTP form's SSL/TLS switch follows the port typed (465 on; 25 and 587 off, @fpy/domain smtpSecureForPort)
 * until the user sets the switch itself: a TLS mismatch is the commonest reason a mailbox test fails.
 * `at` is where the SMTP fields sit in the form ([] on 企业邮箱, ['config'] on a provider). Gives the form's
 * onValuesChange handler and a reset for when the form is opened afresh.
 */
export function useSecureFollowsPort(form: FormInstance, at: readonly string[] = []) {
  const touched = useRef(false);
  const path = at.join('.');
  // Stable across renders: a form may reset it from an effect.
  return useMemo(() => {
    const prefix = path ? path.split('.') : [];
    const onValuesChange = (changed: Record<string, unknown>) => {
      let fields: unknown = changed;
      for (const key of prefix) fields = (fields as Record<string, unknown> | undefined)?.[key];
      if (!fields || typeof fields !== 'object') return;
      if ('secure' in fields) {
        touched.current = true;
        return;
      }
      if (!('port' in fields) || touched.current) return;
      const secure = smtpSecureForPort((fields as { port: unknown }).port);
      if (secure !== null) form.setFieldValue([...prefix, 'secure'], secure);
    };
    const reset = () => {
      touched.current = false;
    };
    return { onValuesChange, reset };
  }, [form, path]);
}
