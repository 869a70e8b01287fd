import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../store/appStore.ts';
import { MenuIcon } from './menuIcons.tsx';
import { menuEntries, openKeys, selectedKey, type MenuEntry } from './menuModel.ts';

type Item = Required<MenuProps>['items'][number];

const toItem = (entry: MenuEntry): Item => ({
  key: entry.key,
  label: entry.title,
  icon: <MenuIcon name={entry.icon} />,
  ...(entry.children ? { children: entry.children.map(toItem) } : {}),
});

const WORKBENCH = '/OSWorkbench';

/** The left menu: the workbench, then the sections and pages the user may see. */
export function SideMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useAppStore((state) => state.menuConfig.menu);
  const entries = useMemo(() => menuEntries(menu), [menu]);
  const items = useMemo<Item[]>(
    () => [{ key: WORKBENCH, label: t('shell.workbench'), icon: <MenuIcon name="HomeOutlined" /> }, ...entries.map(toItem)],
    [entries, t],
  );
  const selected = pathname.startsWith(WORKBENCH) ? WORKBENCH : selectedKey(entries, pathname);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={openKeys(pathname)}
      onClick={({ key }) => navigate(key)}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
