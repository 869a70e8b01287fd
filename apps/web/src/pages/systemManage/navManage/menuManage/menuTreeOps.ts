import type { MenuNode } from '@portal/contracts';

/** Where a node goes: under `parentId` (null: top level), at `index` among its new siblings. */
export interface Placement {
  parentId: string | null;
  index: number;
}

/** Where it was dropped relative to the target: before it, inside it (first child), after it. */
export type DropSide = -1 | 0 | 1;

interface Located {
  node: MenuNode;
  parentId: string | null;
  siblings: readonly MenuNode[];
}

export function locate(tree: readonly MenuNode[], id: string, parentId: string | null = null): Located | undefined {
  for (const node of tree) {
    if (node.id === id) return { node, parentId, siblings: tree };
    const found = locate(node.children, id, node.id);
    if (found) return found;
  }
  return undefined;
}

/** How many nodes a delete removes: the node and everything under it. */
export const subtreeSize = (node: MenuNode): number => 1 + node.children.reduce((sum, child) => sum + subtreeSize(child), 0);

const contains = (node: MenuNode, id: string): boolean => node.id === id || node.children.some((child) => contains(child, id));

/**
 * antd reports a drop as an absolute position plus flags; this is the side relative to the target.
 * Dropping just below an open page that has children puts the node first inside it, as antd draws it.
 */
export function dropSide(drop: {
  pos: string;
  dropPosition: number;
  dropToGap: boolean;
  expanded: boolean;
  hasChildren: boolean;
}): DropSide {
  if (!drop.dropToGap) return 0;
  const relative = drop.dropPosition - Number(drop.pos.split('-').at(-1));
  if (relative === 1 && drop.expanded && drop.hasChildren) return 0;
  return relative < 0 ? -1 : 1;
}

/** Why a drop is refused (as the server would refuse it), for the message that says so. */
export type DropRefusal = 'intoItself' | 'intoElement' | 'elementAtTop';

/** Buttons hold no pages or buttons, the top level holds only pages, and no node goes into its own subtree. */
export function dropRefusal(tree: readonly MenuNode[], dragId: string, targetId: string, side: DropSide): DropRefusal | null {
  const drag = locate(tree, dragId);
  const target = locate(tree, targetId);
  if (!drag || !target || contains(drag.node, targetId)) return 'intoItself';
  if (side === 0) return target.node.type === 'path' ? null : 'intoElement';
  return target.parentId !== null || drag.node.type === 'path' ? null : 'elementAtTop';
}

export const canDrop = (tree: readonly MenuNode[], dragId: string, targetId: string, side: DropSide): boolean =>
  dropRefusal(tree, dragId, targetId, side) === null;

/**
 * The PATCH /menus/{id}/order body for a drop: the new parent and the index among the new
 * siblings once the dragged node has left its old place. Null when the drop changes nothing or is
 * not allowed.
 */
export function dropPlacement(tree: readonly MenuNode[], dragId: string, targetId: string, side: DropSide): Placement | null {
  if (!canDrop(tree, dragId, targetId, side)) return null;
  const drag = locate(tree, dragId);
  const target = locate(tree, targetId);
  if (!drag || !target) return null;
  const placement: Placement =
    side === 0
      ? { parentId: targetId, index: 0 }
      : {
          parentId: target.parentId,
          index: target.siblings.filter((node) => node.id !== dragId).findIndex((node) => node.id === targetId) + (side === 1 ? 1 : 0),
        };
  const unchanged = placement.parentId === drag.parentId && placement.index === drag.siblings.findIndex((node) => node.id === dragId);
  return unchanged ? null : placement;
}

/** One step up (-1) or down (+1) among its siblings: the keyboard alternative to dragging. */
export function stepPlacement(tree: readonly MenuNode[], id: string, step: -1 | 1): Placement | null {
  const found = locate(tree, id);
  if (!found) return null;
  const index = found.siblings.findIndex((node) => node.id === id) + step;
  return index < 0 || index >= found.siblings.length ? null : { parentId: found.parentId, index };
}

/** The tree with the node moved to its placement: shown at once, before the server confirms. */
export function moveNode(tree: readonly MenuNode[], id: string, placement: Placement): MenuNode[] {
  const found = locate(tree, id);
  if (!found) return [...tree];
  const moved: MenuNode = { ...found.node, parentId: placement.parentId };
  const without = (nodes: readonly MenuNode[]): MenuNode[] =>
    nodes.filter((node) => node.id !== id).map((node) => ({ ...node, children: without(node.children) }));
  const insert = (nodes: MenuNode[]): MenuNode[] => [...nodes.slice(0, placement.index), moved, ...nodes.slice(placement.index)];
  const place = (nodes: MenuNode[]): MenuNode[] =>
    nodes.map((node) =>
      node.id === placement.parentId ? { ...node, children: insert(node.children) } : { ...node, children: place(node.children) },
    );
  const rest = without(tree);
  return placement.parentId === null ? insert(rest) : place(rest);
}

/** Names already used beside a node (a resource string must be unique). */
export function siblingNames(tree: readonly MenuNode[], parentId: string | null, exceptId?: string): string[] {
  const siblings = parentId === null ? tree : (locate(tree, parentId)?.node.children ?? []);
  return siblings.filter((node) => node.id !== exceptId).map((node) => node.name);
}
