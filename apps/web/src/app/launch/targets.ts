import type { Application, MenuNode } from '@portal/contracts';
import { resourceSegments } from '../../access/holds.ts';
import { listedPages, resolveMenuPath } from '../access/menuPath.ts';
import { withQuery } from '../../api/query.ts';
import type { WorkbenchApp } from '../store/appStore.ts';
import { isSystemApp } from '../workbench/navmenu.ts';

/** Where each kind of application opens (spec §2, §4). Pure: the callers fetch what these need. */

export const WORKBENCH_PATH = '/OSWorkbench';
/** Where the first landing goes when its application can only be opened by a click (a new tab). */
export const NEW_TAB_LANDING = '/personalCenter';

const segment = encodeURIComponent;
const trimSlash = (path: string) => path.replace(/\/+$/, '');

/** The route of a Web/path application: its pathname (its instant when it has none). */
export const appRoute = (app: Pick<Application, 'pathname' | 'instant'>): string => trimSlash(app.pathname ?? `/${app.instant}`) || '/';

/**
 * The route of one of an application's menus: the application's route followed by the menu's
 * resource segments below the application's own (its root resource is the instant, spec §3).
 */
export function appMenuRoute(app: Pick<Application, 'pathname' | 'instant'>, node: Pick<MenuNode, 'resource'>): string {
  const segments = resourceSegments(node.resource);
  const below = segments[0] === app.instant ? segments.slice(1) : segments;
  return [appRoute(app) === '/' ? '' : appRoute(app), ...below.map(segment)].join('/') || '/';
}

export const studioPath = (applicationId: string, menuId?: string): string =>
  `/studio/${segment(applicationId)}${menuId ? `/${segment(menuId)}` : ''}`;

/** Without a menu id, the micro host opens the app's redirect entry, else its first permitted one (spec §4). */
export const microPath = (applicationId: string, menuId?: string): string =>
  `/micro/${segment(applicationId)}${menuId ? `/${segment(menuId)}` : ''}`;

export const webThirdPath = (app: Pick<Application, 'appUrl' | 'openType'>): string =>
  withQuery('/webThird', { appUrl: app.appUrl ?? '', openType: app.openType });

/**
 * The third-party address with the access token as query parameter `token`: other parameters and
 * the fragment are kept, an existing `token` is replaced. A relative address stays relative.
 */
export function withToken(appUrl: string, token: string | undefined): string {
  const absolute = /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(appUrl);
  const url = new URL(appUrl, 'http://relative.invalid');
  if (token) url.searchParams.set('token', token);
  else url.searchParams.delete('token');
  return absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}

/** The application the first landing opens: the first favourite, else the first non-system one. */
export const landingApp = (apps: readonly WorkbenchApp[]): WorkbenchApp | undefined =>
  apps.find((app) => app.selected) ?? apps.find((app) => !isSystemApp(app));

/** An application's own pages: the children of its root node when the tree is given with the root. */
export function appMenuNodes(tree: readonly MenuNode[], instant: string): readonly MenuNode[] {
  const [only] = tree;
  return tree.length === 1 && only?.resource === instant ? only.children : tree;
}

/** The first page a user may open in a tree: the first listed page, down to a leaf (a node's `redirect` child first). */
export function firstPage(nodes: readonly MenuNode[]): MenuNode | undefined {
  let page = listedPages(nodes)[0];
  for (;;) {
    if (!page) return undefined;
    const children = listedPages(page.children);
    const next: MenuNode | undefined = children.find((child) => child.name === page?.redirect) ?? children[0];
    if (!next) return page;
    page = next;
  }
}

const pathSegmentsOf = (path: string) => (path.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);

/**
 * Whether a path inside the application names one of its pages the user may open (the tree holds
 * only those). `outside` decides paths that are not under the application's route.
 */
export function isPermittedAppPath(
  app: Application,
  pages: readonly MenuNode[],
  path: string,
  outside: (path: string) => boolean,
): boolean {
  const root = pathSegmentsOf(appRoute(app));
  const segments = pathSegmentsOf(path);
  const under = root.every((name, index) => segments[index] === name);
  if (!under) return outside(path);
  const below = segments.slice(root.length);
  return below.length === 0 || resolveMenuPath(pages, below) !== null;
}

/** Web/path (spec §4): its redirect if permitted, else its first permitted page, else its route. */
export function webLanding(app: Application, tree: readonly MenuNode[], outside: (path: string) => boolean): string {
  const pages = appMenuNodes(tree, app.instant);
  if (app.redirect && isPermittedAppPath(app, pages, app.redirect, outside)) return app.redirect;
  const first = firstPage(pages);
  return first ? appMenuRoute(app, first) : appRoute(app);
}
