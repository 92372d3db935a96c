import { HomeOutlined } from '@ant-design/icons';
import { Flex, Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import logoUrl from './assets/logo.svg';
import { brandName } from '../lib/brand.ts';
import { LanguageSwitch } from '../shell/navbar/language-switch.tsx';

/** Spec §2.11: public container — a header with a home icon and title over the page's own content. */
export function PublicContainer({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          padding: '0 24px',
        }}
      >
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Flex align="center" gap={12}>
            <Link to="/" aria-label="home" style={{ fontSize: 18 }}>
              <HomeOutlined />
            </Link>
            <img src={logoUrl} alt="" width={28} height={28} />
            <span style={{ fontWeight: 600 }}>{brandName()}</span>
            <span style={{ color: token.colorTextSecondary }}>{title}</span>
          </Flex>
          <LanguageSwitch showLabel />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, display: 'flex', justifyContent: 'center' }}>
        {children}
      </Layout.Content>
    </Layout>
  );
}
