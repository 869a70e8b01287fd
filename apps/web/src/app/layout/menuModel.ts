import type { MenuNode } from '@portal/contracts';
import { listedPages, pathSegments, resolveMenuPath } from '../access/menuPath.ts';

/** One entry of a menu: a page (leaf) or a group of pages. */
export interface MenuEntry {
  /** By default the page's path, e.g. '/systemManage/navManage/menuManage'. */
  key: string;
  title: string;
  /** The node's resource string (the title is shown in the user's language by it). */
  resource: string;
  icon: string | null;
  children?: MenuEntry[];
}

/** An entry's key from its node and its parent entry's key ('' at the top). */
export type MenuKeyOf = (node: MenuNode, parentKey: string) => string;
const pathKey: MenuKeyOf = (node, parentKey) => `${parentKey}/${node.name}`;

/**
 * The menu the user sees: path nodes only, hidden ones left out, groups for nodes with pages below.
 * Keyed by page path unless `keyOf` says otherwise (an application's menu keys by its own links).
 */
export function menuEntries(nodes: readonly MenuNode[], keyOf: MenuKeyOf = pathKey, parentKey = ''): MenuEntry[] {
  return listedPages(nodes).map((node) => {
    const key = keyOf(node, parentKey);
    const children = menuEntries(node.children, keyOf, key);
    return { key, title: node.title, resource: node.resource, icon: node.icon, ...(children.length > 0 ? { children } : {}) };
  });
}

/** The entry to highlight for a path: the deepest page whose path is the path or contains it. */
export function selectedKey(entries: readonly MenuEntry[], pathname: string): string | undefined {
  for (const entry of entries) {
    if (pathname !== entry.key && !pathname.startsWith(`${entry.key}/`)) continue;
    return (entry.children && selectedKey(entry.children, pathname)) ?? entry.key;
  }
  return undefined;
}

/** The groups to open so the selected page is visible: every ancestor path of the pathname. */
export const openKeys = (pathname: string): string[] =>
  pathname
    .split('/')
    .filter(Boolean)
    .slice(0, -1)
    .map((_, index, segments) => `/${segments.slice(0, index + 1).join('/')}`);

/** One step of the breadcrumbs: a page or group of the menu, with its address. */
export interface Crumb {
  title: string;
  resource: string;
  path: string;
}

/** The breadcrumbs of a console path: its menu trail, section first (a detail view ends at its page). */
export function breadcrumbTrail(menu: readonly MenuNode[], pathname: string): Crumb[] {
  const resolved = resolveMenuPath(menu, pathSegments(pathname));
  let path = '';
  return (resolved?.trail ?? []).map((node) => {
    path = `${path}/${node.name}`;
    return { title: node.title, resource: node.resource, path };
  });
}
