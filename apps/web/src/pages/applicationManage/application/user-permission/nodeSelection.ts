import type { MenuNode } from '@portal/contracts';

/** A node of the picker's tree: the application's root above its dom tree (pages and points). */
export interface PickNode {
  id: string;
  title: string;
  type: MenuNode['type'] | 'root';
  children: PickNode[];
}

const fromMenu = (node: MenuNode): PickNode => ({ id: node.id, title: node.title, type: node.type, children: node.children.map(fromMenu) });

/** The tree to pick from: the application's root node (the whole application) holding its dom tree. */
export const pickTreeOf = (root: { id: string; title: string }, domTree: readonly MenuNode[]): PickNode[] => [
  { id: root.id, title: root.title, type: 'root', children: domTree.map(fromMenu) },
];

/** Each node's parent id (null for the root). */
function parentsOf(tree: readonly PickNode[]): Map<string, string | null> {
  const parents = new Map<string, string | null>();
  const walk = (nodes: readonly PickNode[], parent: string | null) => {
    for (const node of nodes) {
      parents.set(node.id, parent);
      walk(node.children, node.id);
    }
  };
  walk(tree, null);
  return parents;
}

/** The ids of the nodes below one node of the tree (none if it is not in the tree). */
function descendantsOf(tree: readonly PickNode[], id: string): string[] {
  for (const node of tree) {
    if (node.id === id) return allKeysOf(node.children);
    const found = descendantsOf(node.children, id);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The nodes held after one is checked or unchecked. A held node holds everything below it, now and
 * later, so checking every child of a page is not holding the page: only the node clicked is added,
 * and it takes in the nodes below it that were held on their own.
 */
export function toggleNode(heldIds: readonly string[], tree: readonly PickNode[], id: string, checked: boolean): string[] {
  if (!checked) return heldIds.filter((held) => held !== id);
  const below = new Set(descendantsOf(tree, id));
  return [...heldIds.filter((held) => held !== id && !below.has(held)), id];
}

/** The nodes above held ones, shown half checked. */
export function halfCheckedKeysOf(tree: readonly PickNode[], heldIds: readonly string[]): string[] {
  const parents = parentsOf(tree);
  const above = new Set<string>();
  for (const id of heldIds) {
    for (let parent = parents.get(id); parent; parent = parents.get(parent)) above.add(parent);
  }
  const covered = new Set(checkedKeysOf(tree, heldIds));
  return [...above].filter((id) => !covered.has(id));
}

/** The keys to show checked for the nodes a subject holds: each held node and everything below it. */
export function checkedKeysOf(tree: readonly PickNode[], heldIds: readonly string[]): string[] {
  const held = new Set(heldIds);
  const keys: string[] = [];
  const walk = (nodes: readonly PickNode[], inHeld: boolean) => {
    for (const node of nodes) {
      const checked = inHeld || held.has(node.id);
      if (checked) keys.push(node.id);
      walk(node.children, checked);
    }
  };
  walk(tree, false);
  return keys;
}

/** Every node's id, for a tree shown fully expanded. */
export const allKeysOf = (tree: readonly PickNode[]): string[] => tree.flatMap((node) => [node.id, ...allKeysOf(node.children)]);
