import {
  LogoutOutlined,
  SafetyOutlined,
  SkinOutlined,
  SolutionOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/auth.ts';
import { findPage, useConsole } from '../console-context.tsx';

/** Spec §9: avatars are requested at 80×80 (the image service crops server-side). */
export function avatarSrc(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return `${url}${url.includes('?') ? '&' : '?'}imageView2/1/w/80/h/80`;
}

export function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile, pages } = useConsole();
  // Spec §2.11: an entry is offered when the served menu tree gives the account its page (no basic information
  // for platform accounts, personalisation only for customised companies: packages/contracts layout-menus.ts).
  const has = (path: string) => findPage(pages, path) !== undefined;

  const items: MenuProps['items'] = [
    has('/companyCenter') && {
      key: '/companyCenter',
      icon: <SolutionOutlined />,
      label: t('shell.avatar.companyCenter'),
    },
    has('/individuation') && {
      key: '/individuation',
      icon: <SkinOutlined />,
      label: t('shell.avatar.individuation'),
    },
    has('/personalInformation') && {
      key: '/personalInformation',
      icon: <SafetyOutlined />,
      label: t('shell.avatar.personalInformation'),
    },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.avatar.logout') },
  ].filter((item) => item !== false);

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key !== 'logout') {
      navigate(key);
      return;
    }
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <span
        className="avatar-menu"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}
      >
        <Avatar size={32} src={avatarSrc(profile.avatar)} icon={<UserOutlined />} />
        <span className="navbar-username">{profile.username}</span>
      </span>
    </Dropdown>
  );
}
