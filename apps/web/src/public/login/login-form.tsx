import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginError, login } from '../../lib/auth.ts';
import { toast } from '../../lib/feedback.ts';
import { SESSION_KEY } from '../../lib/session.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { LoginInput } from './login-input.tsx';

/** antd puts a space between the two characters of a Chinese button label (登录 → 登 录); so does this one. */
const spaced = (label: string) => (/^[\u4e00-\u9fa5]{2}$/.test(label) ? label.split('').join(' ') : label);

/**
 * Two required fields do not need antd's Form engine and its validator, which would add ~20 KB gzip to the
 * one page every visitor downloads first; the fields and the button are plain elements styled from the theme's
 * tokens in login-page.css (the login page's budget: ≤ 196 KB gzip, scripts/bench/bundle-size.ts).
 */
export function LoginForm() {
  const { t } = useTranslation();
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
    // As antd's loading button: a second press while the first login runs does nothing.
    if (busy) return;
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
      <div role="alert" className="login-field-error">
        {t(key)}
      </div>
    ) : null;

  return (
    <form name="login" onSubmit={submit} noValidate>
      <div style={{ marginBottom: 20 }}>
        <LoginInput
          id="login-username"
          name="username"
          prefix={<UserOutlined />}
          placeholder={t('public.login.username')}
          aria-label={t('public.login.username')}
          autoComplete="username"
          maxLength={64}
          value={username}
          invalid={usernameMissing}
          onChange={(e) => setUsername(e.target.value)}
        />
        {errorText(usernameMissing, 'public.login.usernameRequired')}
      </div>
      <div style={{ marginBottom: 24 }}>
        <LoginInput
          password
          id="login-password"
          name="password"
          prefix={<LockOutlined />}
          placeholder={t('public.login.password')}
          aria-label={t('public.login.password')}
          autoComplete="current-password"
          maxLength={64}
          value={password}
          invalid={passwordMissing}
          onChange={(e) => setPassword(e.target.value)}
        />
        {errorText(passwordMissing, 'public.login.passwordRequired')}
      </div>
      <button type="submit" className={`login-submit${busy ? ' login-submit-busy' : ''}`} aria-busy={busy}>
        {busy && <span className="login-spinner" aria-hidden />}
        <span>{spaced(t('public.login.submit'))}</span>
      </button>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/register">{t('public.login.register')}</Link>
        <Link to="/forgetPwd">{t('public.login.forgetPwd')}</Link>
      </div>
    </form>
  );
}
