import { DownOutlined, LogoutOutlined } from '@ant-design/icons';
import { DEFAULT_PRODUCT_NAME } from '@portal/contracts';
import { Avatar, Button, Dropdown, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { signOut } from '../auth/signOut.ts';
import { useAppStore } from '../store/appStore.ts';

/** Logo placeholder: the system name's initial on the brand colour, until logos are configurable. */
function Logo({ name }: { name: string }) {
  const { token } = theme.useToken();
  return (
    <Avatar shape="square" style={{ background: token.colorPrimary }} aria-hidden>
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

export function HeaderBar() {
  const { t } = useTranslation();
  const systemName = useAppStore((state) => state.osConf?.systemName) || DEFAULT_PRODUCT_NAME;
  const user = useAppStore((state) => state.userInfo);
  const name = user?.name || user?.username || '';
  return (
    <Flex align="center" justify="space-between" style={{ height: '100%' }}>
      <Flex align="center" gap={12}>
        <Logo name={systemName} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {systemName}
        </Typography.Title>
      </Flex>
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
    </Flex>
  );
}
