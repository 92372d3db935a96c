import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { brandName, brandVariant } from '../../lib/brand.ts';
import logoUrl from '../assets/logo.svg';
import titleBranch from '../assets/title-branch.svg';
import titleMain from '../assets/title-main.svg';
import { LanguageToggle } from '../language-toggle.tsx';
import { LoginForm } from './login-form.tsx';
import './login-page.css';

/**
 * Spec §2.1: main and branch variants share the form; the host decides the brand wording and title image.
 * Plain elements instead of Card/Typography keep this first page's download small.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const variant = brandVariant();

  return (
    <div className={`login-page login-${variant}`}>
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
