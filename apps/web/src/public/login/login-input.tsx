import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'type'> {
  prefix: ReactNode;
  invalid: boolean;
  /** A password field with the eye button that shows and hides it, as antd's Input.Password. */
  password?: boolean;
}

/**
 * antd's large affix input drawn by login-page.css from the theme's tokens: antd's Input brings its form
 * context, and with it the whole form engine and validator (~25 KB gzip), into the first page every visitor
 * downloads, for two text boxes.
 */
export function LoginInput({ prefix, invalid, password, ...input }: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <span className={`login-input${invalid ? ' login-input-error' : ''}`}>
      <span className="login-input-prefix">{prefix}</span>
      <input
        {...input}
        type={password && !visible ? 'password' : 'text'}
        aria-invalid={invalid || undefined}
      />
      {password && (
        <button
          type="button"
          className="login-input-eye"
          aria-label={t(visible ? 'public.login.hidePassword' : 'public.login.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  );
}
