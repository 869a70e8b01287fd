import type { MicroLanguage, MicroMenuEntry } from '@portal/contracts';
import { Menu, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../app/layout/menuIcons.tsx';
import { useMicroT } from './messages.ts';
import { entryTitle } from './microMenu.ts';
import { microPath } from '../../app/launch/targets.ts';

/** The micro app's own pages the user may see; choosing one changes the address (and history). */
export function MicroSubMenu(props: { appId: string; name: string; entries: MicroMenuEntry[]; menuId: string; language: MicroLanguage }) {
  const t = useMicroT();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <nav
      aria-label={t('subMenu', { name: props.name })}
      style={{ width: 200, flex: 'none', background: token.colorBgContainer, borderRadius: token.borderRadiusLG, paddingBlock: 8 }}
    >
      <Typography.Text strong style={{ display: 'block', paddingInline: 16, paddingBlock: 4 }}>
        {props.name}
      </Typography.Text>
      <Menu
        mode="inline"
        items={props.entries.map((entry) => ({
          key: entry.name,
          label: entryTitle(entry, props.language),
          icon: <MenuIcon name={entry.icon ?? null} />,
        }))}
        selectedKeys={[props.menuId]}
        onClick={({ key }) => {
          if (key !== props.menuId) navigate(microPath(props.appId, key));
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
