import type { Application, MenuNode } from '@portal/contracts';
import { Card, Empty, Flex, Menu, Result, Skeleton, Typography, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../layout/menuIcons.tsx';
import { menuEntries, type MenuEntry } from '../layout/menuModel.ts';
import { AppIcon } from '../workbench/AppIcon.tsx';

type Item = Required<MenuProps>['items'][number];

const toItem = (entry: MenuEntry): Item => ({
  key: entry.key,
  label: entry.title,
  icon: <MenuIcon name={entry.icon} />,
  ...(entry.children ? { children: entry.children.map(toItem) } : {}),
});

export interface ApplicationFrameProps {
  app: Application;
  /** The application's pages the user may open (hidden ones are reachable but not listed). */
  pages: readonly MenuNode[];
  loading: boolean;
  /** The page shown; none: the application itself. */
  selected: MenuNode | undefined;
  hrefOf: (node: MenuNode) => string;
  /** What the selected page shows. */
  children: ReactNode;
}

/** An application hosted inside the shell: its name, its own menu beside the page, the page. */
export function ApplicationFrame({ app, pages, loading, selected, hrefOf, children }: ApplicationFrameProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = menuEntries(pages, hrefOf).map(toItem);
  return (
    <Flex gap={16} align="start" wrap>
      <Card size="small" style={{ width: 240, flex: 'none' }} title={<AppTitle app={app} />}>
        {loading ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : items.length > 0 ? (
          <nav aria-label={t('shell.appPagesMenu', { name: app.name })}>
            <Menu
              mode="inline"
              items={items}
              selectedKeys={selected ? [hrefOf(selected)] : []}
              onClick={({ key }) => void navigate(key)}
              style={{ borderInlineEnd: 'none' }}
            />
          </nav>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.appNoPages', { name: app.name })} />
        )}
      </Card>
      <Card style={{ flex: 1, minWidth: 280 }}>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {selected?.title ?? app.name}
        </Typography.Title>
        {children}
      </Card>
    </Flex>
  );
}

function AppTitle({ app }: { app: Application }) {
  return (
    <Flex gap={8} align="center">
      <AppIcon app={app} size={24} />
      <Typography.Text strong ellipsis>
        {app.name}
      </Typography.Text>
    </Flex>
  );
}

/** An application the address names that the user does not have. */
export function NotYourApplication() {
  const { t } = useTranslation();
  return <Result status="404" title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>404</h1>} subTitle={t('shell.notYours')} />;
}
