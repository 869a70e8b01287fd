import { Layout, theme } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useAppStore } from '../store/appStore.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { NavMenu } from './NavMenu.tsx';

/**
 * The signed-in frame (spec §9 sizes): the header on top, the menu on the left (navStyle LEFT) or
 * in the header (TOP), the breadcrumbs and the page.
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { navStyle, leftMenuWidth, topMenuHeight } = useAppStore((state) => state.layoutConfig);
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }} data-nav-style={navStyle}>
      <Layout.Header
        style={{
          height: topMenuHeight,
          lineHeight: `${topMenuHeight}px`,
          paddingInline: 16,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <HeaderBar />
      </Layout.Header>
      <Layout>
        {navStyle === 'LEFT' && (
          <Layout.Sider width={leftMenuWidth} theme="light" style={{ overflow: 'auto' }}>
            <nav aria-label={t('shell.mainMenu')}>
              <NavMenu mode="inline" />
            </nav>
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: 24 }}>
          <Breadcrumbs />
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
