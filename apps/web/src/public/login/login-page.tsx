import { Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { brandName, brandVariant } from '../../lib/brand.ts';
import { LanguageSwitch } from '../../shell/navbar/language-switch.tsx';
import logoUrl from '../assets/logo.svg';
import titleBranch from '../assets/title-branch.svg';
import titleMain from '../assets/title-main.svg';
import { LoginForm } from './login-form.tsx';

/**
 * Spec §2.1: main and branch variants share the form; the host decides the brand wording and title image.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const variant = brandVariant();
  const background =
    variant === 'main'
      ? 'linear-gradient(135deg, #e6f4ff 0%, #f0f5ff 50%, #e6fffb 100%)'
      : 'linear-gradient(135deg, #f0f5ff 0%, #f9f0ff 100%)';

  return (
    <div
      className={`login-page login-${variant}`}
      style={{ minHeight: '100vh', background, position: 'relative' }}
    >
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LanguageSwitch showLabel />
      </div>
      <Flex align="center" justify="center" gap={64} wrap style={{ minHeight: '100vh', padding: 24 }}>
        <Flex vertical align="center" gap={16} style={{ maxWidth: 480 }}>
          <Flex align="center" gap={12}>
            <img src={logoUrl} alt="" width={40} height={40} />
            <Typography.Title level={2} style={{ margin: 0 }}>
              {brandName()}
            </Typography.Title>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 16 }}>
            {t('brand.home')}
          </Typography.Text>
          <img
            src={variant === 'main' ? titleMain : titleBranch}
            alt=""
            style={{ width: '100%', maxWidth: 420, borderRadius: token.borderRadiusLG }}
          />
        </Flex>
        <Card style={{ width: 380, boxShadow: token.boxShadowTertiary }}>
          <Typography.Title level={3} style={{ marginTop: 0, textAlign: 'center' }}>
            {t('public.login.title')}
          </Typography.Title>
          <LoginForm />
        </Card>
      </Flex>
    </div>
  );
}
