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

/**
 * The nodes to send from the tree's checked keys: a node holds everything below it, so only the
 * topmost checked nodes are sent (a checked root alone: the whole application). Keys not in the
 * tree (a half-checked parent never is a checked key) are dropped.
 */
export function nodeIdsOf(tree: readonly PickNode[], checkedKeys: readonly string[]): string[] {
  const parents = parentsOf(tree);
  const checked = new Set(checkedKeys.filter((key) => parents.has(key)));
  return [...checked].filter((id) => {
    const parent = parents.get(id);
    return parent === null || parent === undefined || !checked.has(parent);
  });
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
