import type { OrgNode } from '../../../../components/admin/orgTree.ts';

/** Body of PATCH /v1/org/{orgId}/order: the new parent (null: a root) and the 0-based position among its children. */
export interface OrgMove {
  parentId: string | null;
  /** Position among the new parent's children once the moved organisation is taken out of the tree. */
  index: number;
}

/** Where antd's Tree says a dragged node was dropped. */
export interface DropInfo {
  dragId: string;
  targetId: string;
  /** -1: in the gap before the target, 0: onto it, 1: in the gap after it. */
  relative: -1 | 0 | 1;
  /** False when dropped onto the target itself (it becomes the target's child). */
  dropToGap: boolean;
  /** The target is open with its children showing. */
  targetExpanded: boolean;
}

interface Located {
  node: OrgNode;
  parentId: string | null;
  siblings: readonly OrgNode[];
  index: number;
}

function locate(nodes: readonly OrgNode[], id: string, parentId: string | null = null): Located | undefined {
  for (const [index, node] of nodes.entries()) {
    if (node.id === id) return { node, parentId, siblings: nodes, index };
    const inner = locate(node.children ?? [], id, node.id);
    if (inner) return inner;
  }
  return undefined;
}

const contains = (node: OrgNode, id: string): boolean => node.id === id || (node.children ?? []).some((child) => contains(child, id));

/** Null when the move would leave the organisation where it is. */
function unlessInPlace(from: Located, move: OrgMove): OrgMove | null {
  return from.parentId === move.parentId && from.index === move.index ? null : move;
}

/**
 * The order call for a drop in antd's Tree, or null when nothing moves (dropped where it was) or
 * the drop is impossible (onto itself or into its own subtree).
 */
export function moveOfDrop(tree: readonly OrgNode[], drop: DropInfo): OrgMove | null {
  const from = locate(tree, drop.dragId);
  const target = locate(tree, drop.targetId);
  if (!from || !target || contains(from.node, drop.targetId)) return null;
  const targetChildren = (target.node.children ?? []).filter((child) => child.id !== drop.dragId);
  // Onto the node, or just below an open node: first among its children (as antd draws it).
  if (!drop.dropToGap || (drop.relative === 1 && drop.targetExpanded && targetChildren.length > 0)) {
    return unlessInPlace(from, { parentId: target.node.id, index: 0 });
  }
  const siblings = target.siblings.filter((node) => node.id !== drop.dragId);
  const targetIndex = siblings.findIndex((node) => node.id === drop.targetId);
  return unlessInPlace(from, { parentId: target.parentId, index: drop.relative === -1 ? targetIndex : targetIndex + 1 });
}

/** The order call moving an organisation one place up (-1) or down (1) among its siblings; null at either end. */
export function moveAmongSiblings(tree: readonly OrgNode[], id: string, delta: -1 | 1): OrgMove | null {
  const from = locate(tree, id);
  if (!from) return null;
  const index = from.index + delta;
  return index < 0 || index >= from.siblings.length ? null : { parentId: from.parentId, index };
}

/** The tree after a move, so the page shows it at once while the server confirms. */
export function applyMove(tree: readonly OrgNode[], id: string, move: OrgMove): OrgNode[] {
  const from = locate(tree, id);
  if (!from) return [...tree];
  const moved: OrgNode = { ...from.node, parentId: move.parentId };
  const without = (nodes: readonly OrgNode[]): OrgNode[] =>
    nodes.filter((node) => node.id !== id).map((node) => (node.children ? { ...node, children: without(node.children) } : node));
  const insert = (list: readonly OrgNode[]): OrgNode[] => [...list.slice(0, move.index), moved, ...list.slice(move.index)];
  const pruned = without(tree);
  if (move.parentId === null) return insert(pruned);
  const place = (nodes: readonly OrgNode[]): OrgNode[] =>
    nodes.map((node) =>
      node.id === move.parentId
        ? { ...node, hasChildren: true, children: insert(node.children ?? []) }
        : node.children
          ? { ...node, children: place(node.children) }
          : node,
    );
  return place(pruned);
}
