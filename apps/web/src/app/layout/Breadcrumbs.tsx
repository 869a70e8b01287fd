import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppStore } from '../store/appStore.ts';
import { menuTitle } from '../i18n/localNames.ts';
import { breadcrumbTrail } from './menuModel.ts';

/** Where the page sits in the menu; each step but the page itself links to its own landing page. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useAppStore((state) => state.menuConfig.menu);
  const trail = useMemo(() => breadcrumbTrail(menu, pathname), [menu, pathname]);
  if (trail.length === 0) return null;
  const items = trail.map((crumb, index) => ({
    key: crumb.path,
    title:
      index < trail.length - 1 ? (
        <Link to={crumb.path}>{menuTitle(crumb.resource, crumb.title)}</Link>
      ) : (
        menuTitle(crumb.resource, crumb.title)
      ),
  }));
  return <Breadcrumb aria-label={t('shell.breadcrumb')} items={items} style={{ marginBottom: 16 }} />;
}
