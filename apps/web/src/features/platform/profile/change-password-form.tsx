import { modifyPassword } from '@fpy/contracts';
import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../lib/auth.ts';
import { encryptPassword } from '../../../lib/crypto.ts';
import { toast } from '../../../lib/feedback.ts';
import { confirmRules, passwordRules } from '../../../lib/form-rules.ts';
import { call } from '../../../lib/http.ts';
import type { CodeChannel } from './self-api.ts';
import { SendCodeButton } from './send-code-button.tsx';
import { CodeField } from '../../../lib/code-field.tsx';

interface PasswordValues {
  channel: CodeChannel;
  code: string;
  password: string;
  confirm: string;
}

/** Changing the password needs a code sent to the account's own phone or e-mail. */
export function ChangePasswordForm({ hasPhone, hasEmail }: { hasPhone: boolean; hasEmail: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordValues>();
  const channel = Form.useWatch('channel', form) ?? (hasPhone ? 'sms' : 'email');
  const [busy, setBusy] = useState(false);

  const submit = async ({ code, password }: PasswordValues) => {
    setBusy(true);
    try {
      await call(modifyPassword, {
        body: { code, password: await encryptPassword(password) },
      });
      // Other sessions may have been revoked with the old password; a fresh login is the clean state.
      toast.success(t('profile.password.changed'));
      await logout();
      navigate('/login', { replace: true });
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      name="change-password"
      style={{ maxWidth: 480 }}
      initialValues={{ channel: hasPhone ? 'sms' : 'email' }}
      onFinish={submit}
    >
      <Form.Item name="channel" label={t('profile.password.channel')}>
        <Radio.Group>
          <Radio value="sms" disabled={!hasPhone}>
            {t('profile.password.bySms')}
          </Radio>
          <Radio value="email" disabled={!hasEmail}>
            {t('profile.password.byEmail')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <CodeField
        label={t('profile.password.code')}
        sendButton={<SendCodeButton channel={channel} disabled={!hasPhone && !hasEmail} />}
      />
      <Form.Item name="password" label={t('profile.password.new')} rules={passwordRules()} hasFeedback>
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profile.password.confirm')}
        dependencies={['password']}
        rules={confirmRules('password')}
        hasFeedback
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('profile.password.submit')}
      </Button>
    </Form>
  );
}
