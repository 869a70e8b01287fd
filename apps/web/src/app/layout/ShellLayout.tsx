import { Layout, theme } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useAppStore } from '../store/appStore.ts';
import { HeaderBar } from './HeaderBar.tsx';
import { SideMenu } from './SideMenu.tsx';

/** The signed-in frame: header on top, the menu on the left (spec §9 sizes), the page beside it. */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { leftMenuWidth, topMenuHeight } = useAppStore((state) => state.layoutConfig);
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
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
        <Layout.Sider width={leftMenuWidth} theme="light" style={{ overflow: 'auto' }}>
          <nav aria-label="Main">
            <SideMenu />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
