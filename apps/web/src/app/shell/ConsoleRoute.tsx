import { MENU_CATALOGUE } from '@portal/contracts';
import { Navigate, useLocation } from 'react-router';
import { landingSegments, pathSegments, resolveMenuPath } from '../access/menuPath.ts';
import { useShallow } from 'zustand/react/shallow';
import { CONSOLE_SECTIONS } from '../access/access.ts';
import { useAppStore } from '../store/appStore.ts';
import { ConsolePage } from './ConsolePage.tsx';
import { WebAppPage, webAppOf } from './WebAppPage.tsx';

/**
 * Any console path: found in the user's menu, it shows its page (a section or group lands on its
 * redirect page); under the route of one of the user's Web applications, that application's page;
 * known to the catalogue but not granted, 403; otherwise 404.
 */
export function Component() {
  const { pathname } = useLocation();
  const { menu, routers } = useAppStore(useShallow((state) => ({ menu: state.menuConfig.menu, routers: state.menuConfig.routers })));
  const segments = pathSegments(pathname);
  const resolved = resolveMenuPath(menu, segments);
  const page = resolved?.trail.at(-1);
  if (!resolved || !page) {
    const webApp = webAppOf(routers, segments, (first) => CONSOLE_SECTIONS.has(first));
    if (webApp) return <WebAppPage key={webApp.app.id} app={webApp.app} below={segments.slice(webApp.route.length)} />;
    return <Navigate to={resolveMenuPath(MENU_CATALOGUE, segments) ? '/403' : '/404'} replace />;
  }
  const landing = resolved.detailId === undefined ? landingSegments(page) : [];
  if (landing.length > 0) return <Navigate to={`/${[...segments, ...landing].join('/')}`} replace />;
  return <ConsolePage trail={resolved.trail} detailId={resolved.detailId} />;
}
