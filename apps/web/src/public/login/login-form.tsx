import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, theme } from 'antd';
// Deep imports: the Input barrel would also pull TextArea, Search and OTP into the login download.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginError, login } from '../../lib/auth.ts';
import { toast } from '../../lib/feedback.ts';
import { SESSION_KEY } from '../../lib/permission.tsx';
import { safeRedirect } from '../../lib/safe-redirect.ts';

/**
 * Two required fields do not need antd's Form engine and its validator, which would add ~20 KB gzip to the
 * one page every visitor downloads first.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const usernameMissing = touched && username.trim() === '';
  const passwordMissing = touched && password === '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (username.trim() === '' || password === '') return;
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

  const errorText = (show: boolean, key: string) =>
    show ? (
      <div role="alert" style={{ color: token.colorError, fontSize: 13, marginTop: 4 }}>
        {t(key)}
      </div>
    ) : null;

  return (
    <form name="login" onSubmit={submit} noValidate>
      <div style={{ marginBottom: 20 }}>
        <Input
          id="login-username"
          name="username"
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('public.login.username')}
          aria-label={t('public.login.username')}
          autoComplete="username"
          maxLength={64}
          value={username}
          status={usernameMissing ? 'error' : undefined}
          onChange={(e) => setUsername(e.target.value)}
        />
        {errorText(usernameMissing, 'public.login.usernameRequired')}
      </div>
      <div style={{ marginBottom: 24 }}>
        <Password
          id="login-password"
          name="password"
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('public.login.password')}
          aria-label={t('public.login.password')}
          autoComplete="current-password"
          maxLength={64}
          value={password}
          status={passwordMissing ? 'error' : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {errorText(passwordMissing, 'public.login.passwordRequired')}
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('public.login.submit')}
      </Button>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/register">{t('public.login.register')}</Link>
        <Link to="/forgetPwd">{t('public.login.forgetPwd')}</Link>
      </div>
    </form>
  );
}
