import { ExportOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { InsideUser } from '@fpy/domain';
import { Button, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsole } from '../console-context.tsx';
import { HEADER_HEIGHT } from '../sidebar/sidebar.tsx';
import { AvatarMenu } from './avatar-menu.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { ErrorLogButton } from './error-log-button.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { ThemePicker } from './theme-picker.tsx';

interface NavbarProps {
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
}

/**
 * Opens the operations (CRM) console in a new tab. It is served from this origin, so the session cookie goes
 * with it: no token ever travels in the address (where history, logs and Referer headers would keep it).
 */
function openOperationsConsole(): void {
  window.open('/cloudConsole', '_blank', 'noopener');
}

export function Navbar({ sidebarOpened, onToggleSidebar }: NavbarProps) {
  const { t } = useTranslation();
  const { profile } = useConsole();
  const { token } = theme.useToken();

  return (
    <Layout.Header
      className="console-navbar"
      style={{
        position: 'fixed',
        insetInline: 0,
        top: 0,
        zIndex: 30,
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        padding: '0 12px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" justify="space-between" style={{ height: '100%' }}>
        <Flex align="center" gap={8}>
          <Button
            type="text"
            className="sidebar-toggle"
            aria-label={t('shell.navbar.toggleSidebar')}
            icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={onToggleSidebar}
          />
          <BrandLogo compact={false} />
        </Flex>
        <Flex align="center" gap={4}>
          {profile.isInsideUser === InsideUser.Yes && (
            <Link
              to="/baseManager/tenantManager"
              className="business-management-link"
              style={{ padding: '0 8px' }}
            >
              {t('shell.navbar.businessManagement')}
            </Link>
          )}
          <Button type="link" icon={<ExportOutlined />} iconPlacement="end" onClick={openOperationsConsole}>
            {t('shell.navbar.operationsConsole')}
          </Button>
          <ErrorLogButton />
          <FullscreenButton />
          <ThemePicker />
          <LanguageSwitch />
          <AvatarMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
