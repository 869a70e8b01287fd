import type { MenuNode } from '@portal/contracts';

/**
 * Pure helpers behind the role's permission tree. A granted node covers everything under it (the
 * server's `covers`), but only the API calls of nodes granted themselves are allowed. So checking a
 * page grants it and every node below it, and unchecking a node also ungrants the nodes above it:
 * they would otherwise still cover what was just taken away.
 */
export interface TreeIndex {
  parentOf: Map<string, string | null>;
  childrenOf: Map<string, string[]>;
  allIds: string[];
}

export function indexTree(nodes: readonly MenuNode[]): TreeIndex {
  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string, string[]>();
  const allIds: string[] = [];
  const visit = (node: MenuNode, parentId: string | null) => {
    parentOf.set(node.id, parentId);
    childrenOf.set(
      node.id,
      node.children.map((child) => child.id),
    );
    allIds.push(node.id);
    node.children.forEach((child) => visit(child, node.id));
  };
  nodes.forEach((node) => visit(node, null));
  return { parentOf, childrenOf, allIds };
}

/** The node and everything below it. */
export function subtreeIds(index: TreeIndex, id: string): string[] {
  const ids: string[] = [];
  const pending = [id];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    ids.push(next);
    pending.push(...(index.childrenOf.get(next) ?? []));
  }
  return ids;
}

export function ancestorIds(index: TreeIndex, id: string): string[] {
  const ids: string[] = [];
  for (let parent = index.parentOf.get(id) ?? null; parent !== null; parent = index.parentOf.get(parent) ?? null) ids.push(parent);
  return ids;
}

/** Checking grants the node with its whole subtree. */
export function checkNode(checked: ReadonlySet<string>, index: TreeIndex, id: string): Set<string> {
  const next = new Set(checked);
  subtreeIds(index, id).forEach((each) => next.add(each));
  return next;
}

/** Unchecking takes away the node, its subtree and the ancestors that would still cover it. */
export function uncheckNode(checked: ReadonlySet<string>, index: TreeIndex, id: string): Set<string> {
  const next = new Set(checked);
  [...subtreeIds(index, id), ...ancestorIds(index, id)].forEach((each) => next.delete(each));
  return next;
}

/** Nodes not granted themselves but with something granted below: shown half-checked. */
export function halfCheckedIds(checked: ReadonlySet<string>, nodes: readonly MenuNode[]): string[] {
  const half: string[] = [];
  const visit = (node: MenuNode): boolean => {
    let below = false;
    for (const child of node.children) below = visit(child) || below;
    if (below && !checked.has(node.id)) half.push(node.id);
    return below || checked.has(node.id);
  };
  nodes.forEach(visit);
  return half;
}

const matches = (node: MenuNode, needle: string): boolean =>
  [node.title, node.name, node.resource, ...node.api].some((text) => text.toLowerCase().includes(needle));

/**
 * The nodes whose title, name, resource or API entries contain the search text, with the pages
 * leading to them; a matching page keeps its whole subtree, so its elements stay in view.
 */
export function filterTree(nodes: readonly MenuNode[], search: string): MenuNode[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node): MenuNode[] => {
    if (matches(node, needle)) return [node];
    const children = filterTree(node.children, needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Ids of the pages (nodes with children) in a tree: what to expand to show every node. */
export function branchIds(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...branchIds(node.children)] : []));
}

/** The ids to save: in catalogue order, so that an unchanged grant compares equal. */
export const orderedIds = (checked: ReadonlySet<string>, index: TreeIndex): string[] => index.allIds.filter((id) => checked.has(id));

export function sameGrant(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}
