import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptPassword } from '../../lib/crypto.ts';
import { toast } from '../../lib/feedback.ts';
import { confirmRules, passwordRules } from '../../lib/form-rules.ts';
import { callLazy } from '../../lib/http.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import type { CodeRequest } from './forget-pwd-page.tsx';
import { CodeField } from '../../lib/code-field.tsx';

interface ResetValues {
  code: string;
  password: string;
  confirm: string;
}

interface ResetStepProps {
  request: CodeRequest;
  onBack: () => void;
  onDone: () => void;
}

export function ResetStep({ request, onBack, onDone }: ResetStepProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [left, startCountdown] = useCountdown(60, true);

  const resend = async () => {
    try {
      await callLazy('getForgetPwdCode', { body: request });
      toast.success(t('common.codeSent', { target: request.target }));
      startCountdown();
    } catch {
      // Shown by the shared client.
    }
  };

  const submit = async ({ code, password }: ResetValues) => {
    setBusy(true);
    try {
      await callLazy('forgetPwd', {
        body: { username: request.username, code, password: await encryptPassword(password) },
      });
      onDone();
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<ResetValues> layout="vertical" name="forget-pwd-reset" onFinish={submit}>
      <CodeField
        label={t('public.forgetPwd.code')}
        sendButton={
          <Button disabled={left > 0} onClick={resend}>
            {left > 0 ? t('common.resendIn', { s: left }) : t('common.sendCode')}
          </Button>
        }
      />
      <Form.Item
        name="password"
        label={t('public.forgetPwd.newPassword')}
        rules={passwordRules()}
        hasFeedback
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('public.register.confirm')}
        dependencies={['password']}
        rules={confirmRules('password')}
        hasFeedback
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Flex gap={8}>
        <Button onClick={onBack}>{t('common.back')}</Button>
        <Button type="primary" htmlType="submit" loading={busy} style={{ flex: 1 }}>
          {t('common.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
