/** The shape shared by the server's MenuNode and the contracts' MenuSeedNode that path logic needs. */
export interface PathNode<T> {
  name: string;
  type: 'path' | 'element';
  detail?: boolean;
  hide?: boolean;
  redirect?: string | null;
  children?: readonly T[];
}

export interface ResolvedPath<T> {
  /** The menu nodes along the path, section first. */
  trail: T[];
  /** Set when the last segment is the `detailId` of a page with a detail view. */
  detailId?: string;
}

export const pathSegments = (pathname: string): string[] => pathname.split('/').filter(Boolean);

const pathChildren = <T extends PathNode<T>>(node: T): T[] => (node.children ?? []).filter((child) => child.type === 'path');

/** The pages a menu lists: path nodes (not buttons) that are not hidden (hidden ones stay reachable by address). */
export const listedPages = <T extends Pick<PathNode<T>, 'type' | 'hide'>>(nodes: readonly T[]): T[] =>
  nodes.filter((node) => node.type === 'path' && !node.hide);

/**
 * Walks the menu tree along the path's segments. A segment that names no child of a page with a
 * detail view is that page's `detailId`, if it is the last one. Null when the path names no page.
 */
export function resolveMenuPath<T extends PathNode<T>>(tree: readonly T[], segments: readonly string[]): ResolvedPath<T> | null {
  const trail: T[] = [];
  let level: readonly T[] = tree.filter((node) => node.type === 'path');
  for (const [index, segment] of segments.entries()) {
    const node = level.find((candidate) => candidate.name === segment);
    if (node) {
      trail.push(node);
      level = pathChildren(node);
      continue;
    }
    const page = trail.at(-1);
    if (page?.detail && index === segments.length - 1) return { trail, detailId: segment };
    return null;
  }
  return trail.length > 0 ? { trail } : null;
}

/**
 * Where a section or group lands: its `redirect` child when present, else its first visible page,
 * repeated down to a leaf. Returns the extra segments to append (empty for a leaf page).
 */
export function landingSegments<T extends PathNode<T>>(node: T): string[] {
  const segments: string[] = [];
  let current: T = node;
  for (;;) {
    const children = listedPages(current.children ?? []);
    const next = children.find((child) => child.name === current.redirect) ?? children[0];
    if (!next) return segments;
    segments.push(next.name);
    current = next;
  }
}
