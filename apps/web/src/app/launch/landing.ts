import type { Application, MenuNode } from '@portal/contracts';
import { canAccess } from '../access/access.ts';
import { appResourcesQuery } from '../api/workbench.ts';
import { queryClient } from '../queryClient.ts';
import { loadShellSession } from '../shell/session.ts';
import { useAppStore } from '../store/appStore.ts';
import { NEW_TAB_LANDING, WORKBENCH_PATH, landingApp, microPath, studioPath, webLanding, webThirdPath } from './targets.ts';

/** Where opening an application leads (spec §4), fetching what the decision needs. */

/** An application's own menu for the caller; empty when it cannot be had (the app's route still opens). */
const appMenu = (instant: string): Promise<readonly MenuNode[]> =>
  queryClient
    .fetchQuery(appResourcesQuery(instant))
    .then((resources) => resources.menus)
    .catch(() => []);

/** A portal path outside the application: open when the web access check allows it. */
function portalAllows(path: string): boolean {
  const { resources, menuConfig } = useAppStore.getState();
  return canAccess(path.split(/[?#]/)[0] ?? path, resources, menuConfig.menu);
}

/**
 * The in-portal route that opens the application. A NewTab third-party page cannot be opened
 * without a click: it has no route (the caller opens it in a new tab, or the first landing goes
 * to the personal centre).
 */
export async function launchPath(app: Application): Promise<string> {
  switch (app.type) {
    case 'Web':
    case 'path':
      return webLanding(app, await appMenu(app.instant), portalAllows);
    case 'WebThird':
      return app.openType === 'Current' ? webThirdPath(app) : NEW_TAB_LANDING;
    case 'MicroWeb':
      return microPath(app.id);
    case 'WebStudio':
      return studioPath(app.id);
  }
}

/** The first landing after sign-in (spec §4): the favourite or first non-system application, else the workbench. */
export async function firstLandingPath(): Promise<string> {
  const { apps } = await loadShellSession('/');
  const app = landingApp(apps);
  return app ? launchPath(app) : WORKBENCH_PATH;
}
