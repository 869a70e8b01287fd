import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useLaunch } from '../launch/useLaunch.ts';
import { WORKBENCH_PATH } from '../launch/targets.ts';
import { useAppStore } from '../store/appStore.ts';
import { appName, menuTitle } from '../i18n/localNames.ts';
import { favourites } from '../workbench/navmenu.ts';
import { MenuIcon } from './menuIcons.tsx';
import { menuEntries, openKeys, selectedKey, type MenuEntry } from './menuModel.ts';

type Item = Required<MenuProps>['items'][number];

const toItem = (entry: MenuEntry): Item => ({
  key: entry.key,
  label: menuTitle(entry.resource, entry.title),
  icon: <MenuIcon name={entry.icon} />,
  ...(entry.children ? { children: entry.children.map(toItem) } : {}),
});

/** Keys of favourite applications: they launch the application instead of navigating to a path. */
const APP_KEY_PREFIX = 'app:';
const FAVOURITES_KEY = 'favourites';

/**
 * The main menu, on the left (inline) or in the header (horizontal): the workbench, the user's
 * favourite applications as quick links, then the console sections and pages the user may see.
 */
export function NavMenu({ mode }: { mode: 'inline' | 'horizontal' }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { launch } = useLaunch();
  const { pathname } = useLocation();
  const { menu, routers } = useAppStore(useShallow((state) => ({ menu: state.menuConfig.menu, routers: state.menuConfig.routers })));
  const entries = useMemo(() => menuEntries(menu), [menu]);
  const starred = useMemo(() => favourites(routers), [routers]);
  const items = useMemo<Item[]>(() => {
    const quickLinks: Item[] = starred.map((app) => ({ key: `${APP_KEY_PREFIX}${app.id}`, label: appName(app) }));
    return [
      { key: WORKBENCH_PATH, label: t('shell.workbench'), icon: <MenuIcon name="HomeOutlined" /> },
      ...(quickLinks.length > 0
        ? [{ key: FAVOURITES_KEY, label: t('shell.favourites'), icon: <MenuIcon name="StarOutlined" />, children: quickLinks }]
        : []),
      ...entries.map(toItem),
    ];
    // The language is a dependency: names are looked up in it.
  }, [entries, starred, t, i18n.language]);
  const selected = pathname.startsWith(WORKBENCH_PATH) ? WORKBENCH_PATH : selectedKey(entries, pathname);
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const app = key.startsWith(APP_KEY_PREFIX) ? starred.find((candidate) => `${APP_KEY_PREFIX}${candidate.id}` === key) : undefined;
    if (app) launch(app);
    else void navigate(key);
  };
  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(mode === 'inline' ? { defaultOpenKeys: openKeys(pathname) } : {})}
      onClick={onClick}
      style={mode === 'inline' ? { borderInlineEnd: 'none' } : { flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
    />
  );
}
