import { ALWAYS_ALLOWED_SEGMENTS, INTERNAL_APPS, MENU_CATALOGUE } from '@portal/contracts';
import { resourceSegments } from '../../access/holds.ts';
import { pathSegments, resolveMenuPath, type PathNode } from './menuPath.ts';

/** Permission-check name of a detail route's `detailId` segment (spec §2). */
export const DETAIL_SEGMENT = 'getDetail';

/** Console sections: their root is always reachable, but every page below needs a resource. */
export const CONSOLE_SECTIONS: ReadonlySet<string> = new Set(MENU_CATALOGUE.map((node) => node.name));

const ALWAYS_ALLOWED: ReadonlySet<string> = new Set<string>([...ALWAYS_ALLOWED_SEGMENTS, ...INTERNAL_APPS]);

/** True when `inner` equals `outer` or lies below it, comparing whole segments. */
const within = (inner: readonly string[], outer: readonly string[]): boolean =>
  outer.length <= inner.length && outer.every((segment, index) => inner[index] === segment);

/**
 * Whether a resource is visible through the granted ones, as the server's isVisible decides it: it
 * is granted, lies under a grant, or lies on the way to one (a granted button shows its page).
 */
export const isResourceVisible = (resource: string, granted: readonly string[]): boolean => {
  const segments = resourceSegments(resource);
  return granted.map(resourceSegments).some((outer) => within(segments, outer) || within(outer, segments));
};

/** First path segments the user's resources open (spec §5: the user's allowed list). */
export const allowedFirstSegments = (resources: readonly string[]): Set<string> =>
  new Set(resources.map((resource) => resourceSegments(resource)[0]).filter((s): s is string => !!s));

/**
 * The path as the permission check sees it: a detail route's `detailId` segment becomes 'getDetail'.
 * `tree` tells which pages have a detail view.
 */
export function permissionSegments<T extends PathNode<T>>(pathname: string, tree: readonly T[]): string[] {
  const segments = pathSegments(pathname);
  const resolved = resolveMenuPath(tree, segments);
  return resolved?.detailId === undefined ? segments : [...segments.slice(0, -1), DETAIL_SEGMENT];
}

/**
 * The web access check (spec §5). The first segment must be always allowed or in the user's allowed
 * list. Below that, the path must be visible through a resource the same way the server decides
 * which menu nodes a user sees: it equals or lies under a granted resource (a grant covers its
 * subtree), or lies on the way to one (a granted button makes its page reachable). Always-allowed
 * segments that are not console sections (OSWorkbench, micro, studio, …) need nothing more; console
 * sections (systemManage, personalCenter, …) are open at their root only.
 */
export function canAccess<T extends PathNode<T>>(pathname: string, resources: readonly string[], tree: readonly T[] = []): boolean {
  const segments = permissionSegments(pathname, tree);
  const [first] = segments;
  if (first === undefined) return true;
  const alwaysAllowed = ALWAYS_ALLOWED.has(first);
  if (!alwaysAllowed && !allowedFirstSegments(resources).has(first)) return false;
  if (alwaysAllowed && !CONSOLE_SECTIONS.has(first)) return true;
  if (segments.length === 1) return true;
  return resources.map(resourceSegments).some((granted) => within(segments, granted) || within(granted, segments));
}

/**
 * Whether the check applies at all: a first segment the portal knows (always allowed, a console
 * section or opened by a resource). Anything else names no page and is a 404, not a 403.
 */
export function isKnownFirstSegment(pathname: string, resources: readonly string[]): boolean {
  const [first] = pathSegments(pathname);
  return first === undefined || ALWAYS_ALLOWED.has(first) || CONSOLE_SECTIONS.has(first) || allowedFirstSegments(resources).has(first);
}
