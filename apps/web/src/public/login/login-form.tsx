import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
// Deep imports: the Input barrel would also pull TextArea, Search and OTP into the login download.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginError, login } from '../../lib/auth.ts';
import { toast } from '../../lib/feedback.ts';
import { SESSION_KEY } from '../../lib/permission.tsx';
import { safeRedirect } from '../../lib/safe-redirect.ts';

interface LoginValues {
  username: string;
  password: string;
}

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const submit = async ({ username, password }: LoginValues) => {
    setBusy(true);
    try {
      await login(username, password);
      // A previous account's profile and menus must not survive into this session.
      queryClient.removeQueries({ queryKey: [SESSION_KEY] });
      navigate(safeRedirect(params.get('redirect'), '/cloudConsole'), { replace: true });
    } catch (err) {
      toast.warning(err instanceof LoginError ? err.message : t('auth.badCredentials'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<LoginValues> name="login" size="large" onFinish={submit} autoComplete="on">
      <Form.Item
        name="username"
        rules={[{ required: true, whitespace: true, message: t('public.login.usernameRequired') }]}
        normalize={(v: string) => v.replace(/^\s+/, '')}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('public.login.username')}
          autoComplete="username"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('public.login.passwordRequired') }]}>
        <Password
          prefix={<LockOutlined />}
          placeholder={t('public.login.password')}
          autoComplete="current-password"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('public.login.submit')}
        </Button>
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/register">{t('public.login.register')}</Link>
        <Link to="/forgetPwd">{t('public.login.forgetPwd')}</Link>
      </div>
    </Form>
  );
}
