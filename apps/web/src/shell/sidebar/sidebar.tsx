import type { MenuNode } from '@fpy/contracts';
import { Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localizedTitle, useLanguage } from '../../lib/i18n.ts';
import { useConsole } from '../console-context.tsx';
import { MenuIcon } from './menu-icons.tsx';
import { menuPath, menuTrail } from './sidebar-menus.ts';

export const HEADER_HEIGHT = 56;
export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], lang: 'zh' | 'en', parents: MenuNode[] = []): Item[] {
  return nodes.map((node) => {
    const label = localizedTitle(node, lang);
    if (node.children.length === 0) {
      return { key: menuPath(node, parents), icon: <MenuIcon name={node.icon} />, label, title: label };
    }
    return {
      key: node.code,
      icon: <MenuIcon name={node.icon} />,
      label,
      children: toItems(node.children, lang, [...parents, node]),
    };
  });
}

interface SidebarProps {
  /** The toggle's state; the sidebar also opens while the pointer is over it (spec §2.11). */
  opened: boolean;
}

export function Sidebar({ opened }: SidebarProps) {
  const lang = useLanguage();
  const { menus } = useConsole();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [hovered, setHovered] = useState(false);
  const expanded = opened || hovered;

  // 首页 is the served tree's first node (packages/contracts layout-menus.ts), not added here.
  const items = useMemo<Item[]>(() => toItems(menus, lang), [menus, lang]);
  const trail = useMemo(() => menuTrail(menus, pathname) ?? [], [menus, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1));

  // Navigating (e.g. from a tag) opens the submenu that holds the page.
  useEffect(() => {
    const groups = trail.slice(0, -1);
    if (groups.length) setOpenKeys((keys) => [...new Set([...keys, ...groups])]);
  }, [trail]);

  return (
    <Layout.Sider
      className="console-sidebar"
      collapsed={!expanded}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      width={SIDEBAR_WIDTH}
      trigger={null}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Fixed so a hover-opened sidebar overlays the page instead of reflowing it.
      style={{
        position: 'fixed',
        top: HEADER_HEIGHT,
        bottom: 0,
        insetInlineStart: 0,
        zIndex: 20,
        overflow: 'auto',
      }}
    >
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        openKeys={expanded ? openKeys : undefined}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => navigate(key)}
      />
    </Layout.Sider>
  );
}
