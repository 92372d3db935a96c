import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { brandName, brandVariant } from '../../lib/brand.ts';
import logoUrl from '../assets/logo.svg';
import titleBranch from '../assets/title-branch.svg';
import titleMain from '../assets/title-main.svg';
import { LanguageToggle } from '../language-toggle.tsx';
import { LoginForm } from './login-form.tsx';
import './login-page.css';

type Token = ReturnType<typeof theme.useToken>['token'];

/** The theme's colours (primary choice, dark mode) as the CSS variables login-page.css draws the controls with. */
const themeVariables = (token: Token) =>
  ({
    '--login-primary': token.colorPrimary,
    '--login-primary-hover': token.colorPrimaryHover,
    '--login-primary-active': token.colorPrimaryActive,
    '--login-outline': token.controlOutline,
    '--login-error': token.colorError,
    '--login-error-hover': token.colorErrorHover,
    '--login-error-outline': token.colorErrorOutline,
    '--login-border': token.colorBorder,
    '--login-text': token.colorText,
    '--login-placeholder': token.colorTextPlaceholder,
    '--login-icon': token.colorIcon,
    '--login-icon-hover': token.colorIconHover,
    '--login-bg': token.colorBgContainer,
    '--login-text-hover-bg': token.colorBgTextHover,
    '--login-text-active-bg': token.colorBgTextActive,
    '--login-light-text': token.colorTextLightSolid,
    '--login-radius': `${token.borderRadius}px`,
    '--login-radius-lg': `${token.borderRadiusLG}px`,
    '--login-font': token.fontFamily,
  }) as CSSProperties;

/**
 * Spec §2.1: main and branch variants share the form; the host decides the brand wording and title image.
 * Plain elements instead of Card/Typography keep this first page's download small.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const variant = brandVariant();

  return (
    <div className={`login-page login-${variant}`} style={themeVariables(token)}>
      <div className="login-language">
        <LanguageToggle />
      </div>
      <div className="login-columns">
        <div className="login-brand">
          <div className="login-brand-name">
            <img src={logoUrl} alt="" width={40} height={40} />
            <h1 style={{ color: token.colorTextHeading }}>{brandName()}</h1>
          </div>
          <p style={{ color: token.colorTextSecondary }}>{t('brand.home')}</p>
          <img className="login-title-image" src={variant === 'main' ? titleMain : titleBranch} alt="" />
        </div>
        <div
          className="login-card"
          style={{
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <h2 style={{ color: token.colorTextHeading }}>{t('public.login.title')}</h2>
          <LoginForm />
        </div>
      </div>
    </div>
  );
}
