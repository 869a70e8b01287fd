import { DownOutlined, LogoutOutlined, SkinOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Tooltip, Typography, theme } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProductName } from '../../components/productName.ts';
import { signOut } from '../auth/signOut.ts';
import { WORKBENCH_PATH } from '../launch/targets.ts';
import { NotificationBell } from '../notifications/index.tsx';
import { useAppStore } from '../store/appStore.ts';
import { NavMenu } from './NavMenu.tsx';

/** The settings drawer (and its colour picker) loads on first open, not with every page. */
const PreferencesDrawer = lazy(() => import('./PreferencesDrawer.tsx').then((module) => ({ default: module.PreferencesDrawer })));

/** The configured logo (base settings), else the system name's initial on the brand colour. */
function Logo({ name }: { name: string }) {
  const { token } = theme.useToken();
  const logo = useAppStore((state) => state.systemConfig?.logo);
  if (logo) return <img src={logo} alt="" height={32} style={{ flex: 'none', maxWidth: 96, objectFit: 'contain' }} />;
  return (
    <Avatar shape="square" style={{ background: token.colorPrimary, flex: 'none' }} aria-hidden>
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

function SettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip title={t('shell.settings')}>
        <Button
          type="text"
          icon={<SkinOutlined />}
          aria-label={t('shell.openSettings')}
          data-testid="settings-button"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {opened && (
        <Suspense>
          <PreferencesDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.userInfo);
  const name = user?.name || user?.username || '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'signOut', icon: <LogoutOutlined />, label: t('shell.signOut') }],
        onClick: ({ key }) => key === 'signOut' && signOut(),
      }}
    >
      <Button type="text" aria-label={t('shell.userMenu', { name })} data-testid="user-menu">
        <Avatar size="small" src={user?.avatar ?? undefined}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <span>{name}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** The header: the system's name (a link to the workbench), the menu when it sits on top, then the user's tools. */
export function HeaderBar() {
  const { t } = useTranslation();
  const systemName = useProductName();
  const navStyle = useAppStore((state) => state.layoutConfig.navStyle);
  return (
    <Flex align="center" gap={16} style={{ height: '100%' }}>
      <Link to={WORKBENCH_PATH} style={{ display: 'flex', alignItems: 'center', gap: 12, flex: 'none', color: 'inherit' }}>
        <Logo name={systemName} />
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          {systemName}
        </Typography.Title>
      </Link>
      {navStyle === 'TOP' ? (
        <nav aria-label={t('shell.mainMenu')} style={{ flex: 1, minWidth: 0, height: '100%' }}>
          <NavMenu mode="horizontal" />
        </nav>
      ) : (
        <div style={{ flex: 1 }} />
      )}
      <Flex align="center" gap={4} style={{ flex: 'none' }}>
        <NotificationBell />
        <SettingsButton />
        <UserMenu />
      </Flex>
    </Flex>
  );
}
