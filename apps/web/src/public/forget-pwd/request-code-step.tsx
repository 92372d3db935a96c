import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/feedback.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../lib/form-rules.ts';
import { callLazy } from '../../lib/http.ts';
import type { CodeRequest } from './forget-pwd-page.tsx';

export function RequestCodeStep({ onSent }: { onSent: (request: CodeRequest) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const submit = async (values: CodeRequest) => {
    const request = { username: values.username.trim(), target: values.target.trim() };
    setBusy(true);
    try {
      await callLazy('getForgetPwdCode', { body: request });
      toast.success(t('common.codeSent', { target: request.target }));
      onSent(request);
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<CodeRequest> layout="vertical" name="forget-pwd-account" onFinish={submit}>
      <Form.Item
        name="username"
        label={t('public.login.username')}
        rules={[{ required: true, whitespace: true, message: t('public.login.usernameRequired') }]}
      >
        <Input maxLength={64} autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="target"
        label={t('public.forgetPwd.target')}
        extra={t('public.forgetPwd.targetHint')}
        rules={[
          { required: true, whitespace: true, message: t('public.forgetPwd.target') },
          {
            validator: (_, v: string | undefined) =>
              !v || PHONE_PATTERN.test(v.trim()) || EMAIL_PATTERN.test(v.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('public.forgetPwd.targetInvalid'))),
          },
        ]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('common.sendCode')}
      </Button>
    </Form>
  );
}
