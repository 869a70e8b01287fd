import { MENU_CATALOGUE } from '@portal/contracts';
import { Navigate, useLocation } from 'react-router';
import { landingSegments, pathSegments, resolveMenuPath } from '../access/menuPath.ts';
import { useAppStore } from '../store/appStore.ts';
import { ConsolePage } from './ConsolePage.tsx';

/**
 * Any console path: found in the user's menu, it shows its page (a section or group lands on its
 * redirect page); known to the catalogue but not granted, 403; otherwise 404.
 */
export function Component() {
  const { pathname } = useLocation();
  const menu = useAppStore((state) => state.menuConfig.menu);
  const segments = pathSegments(pathname);
  const resolved = resolveMenuPath(menu, segments);
  const page = resolved?.trail.at(-1);
  if (!resolved || !page) {
    return <Navigate to={resolveMenuPath(MENU_CATALOGUE, segments) ? '/403' : '/404'} replace />;
  }
  const landing = resolved.detailId === undefined ? landingSegments(page) : [];
  if (landing.length > 0) return <Navigate to={`/${[...segments, ...landing].join('/')}`} replace />;
  return <ConsolePage trail={resolved.trail} detailId={resolved.detailId} />;
}
