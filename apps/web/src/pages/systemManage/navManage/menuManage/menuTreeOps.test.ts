import type { MenuNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { menuNodeFixture } from '../../../../test/fixtures.ts';
import { canDrop, dropPlacement, dropRefusal, dropSide, moveNode, siblingNames, stepPlacement, subtreeSize } from './menuTreeOps.ts';

const node = (id: string, children: MenuNode[] = [], type: MenuNode['type'] = 'path'): MenuNode =>
  menuNodeFixture({ id, name: id, children, type });

// a ─┬─ a1 ── a1q (element)
//    ├─ a2
//    └─ aq (element)
// b
// c
const tree = [node('a', [node('a1', [node('a1q', [], 'element')]), node('a2'), node('aq', [], 'element')]), node('b'), node('c')];
const ids = (nodes: readonly MenuNode[]) => nodes.map((each) => each.id);

describe('dropSide', () => {
  it('reads antd drop events relative to the target', () => {
    expect(dropSide({ pos: '0-1', dropPosition: 0, dropToGap: true, expanded: false, hasChildren: false })).toBe(-1);
    expect(dropSide({ pos: '0-1', dropPosition: 2, dropToGap: true, expanded: false, hasChildren: false })).toBe(1);
    expect(dropSide({ pos: '0-1', dropPosition: 1, dropToGap: false, expanded: false, hasChildren: false })).toBe(0);
  });

  it('treats the gap below an open page with children as its first child', () => {
    expect(dropSide({ pos: '0-0', dropPosition: 1, dropToGap: true, expanded: true, hasChildren: true })).toBe(0);
    expect(dropSide({ pos: '0-0', dropPosition: 1, dropToGap: true, expanded: false, hasChildren: true })).toBe(1);
  });
});

describe('dropPlacement', () => {
  it('moves down among siblings counting without the dragged node', () => {
    // b after c: siblings without b are [a, c]; after c is index 2.
    expect(dropPlacement(tree, 'b', 'c', 1)).toEqual({ parentId: null, index: 2 });
    // a before c: siblings without a are [b, c]; before c is index 1.
    expect(dropPlacement(tree, 'a', 'c', -1)).toEqual({ parentId: null, index: 1 });
  });

  it('moves up and into another parent', () => {
    expect(dropPlacement(tree, 'c', 'a', -1)).toEqual({ parentId: null, index: 0 });
    expect(dropPlacement(tree, 'b', 'a2', 1)).toEqual({ parentId: 'a', index: 2 });
    expect(dropPlacement(tree, 'aq', 'b', 0)).toEqual({ parentId: 'b', index: 0 });
  });

  it('ignores drops that leave the node where it is', () => {
    expect(dropPlacement(tree, 'b', 'a', 1)).toBeNull();
    expect(dropPlacement(tree, 'b', 'c', -1)).toBeNull();
    expect(dropPlacement(tree, 'a1', 'a', 0)).toBeNull();
  });

  it('refuses drops into a button, into the node itself or its subtree, and buttons at the top level', () => {
    expect(canDrop(tree, 'b', 'aq', 0)).toBe(false);
    expect(canDrop(tree, 'a', 'a1', 0)).toBe(false);
    expect(canDrop(tree, 'a', 'a', 1)).toBe(false);
    expect(canDrop(tree, 'aq', 'b', 1)).toBe(false);
    expect(canDrop(tree, 'aq', 'a1q', 1)).toBe(true);
    expect(dropPlacement(tree, 'aq', 'c', -1)).toBeNull();
  });

  it('says why a drop is refused, so the editor can tell the user', () => {
    expect(dropRefusal(tree, 'b', 'aq', 0)).toBe('intoElement');
    expect(dropRefusal(tree, 'a', 'a1', 0)).toBe('intoItself');
    expect(dropRefusal(tree, 'aq', 'b', 1)).toBe('elementAtTop');
    expect(dropRefusal(tree, 'aq', 'c', -1)).toBe('elementAtTop');
    expect(dropRefusal(tree, 'aq', 'b', 0)).toBeNull();
    expect(dropRefusal(tree, 'c', 'a2', 1)).toBeNull();
  });
});

describe('stepPlacement', () => {
  it('moves one place among siblings and stops at the ends', () => {
    expect(stepPlacement(tree, 'b', -1)).toEqual({ parentId: null, index: 0 });
    expect(stepPlacement(tree, 'a2', 1)).toEqual({ parentId: 'a', index: 2 });
    expect(stepPlacement(tree, 'a', -1)).toBeNull();
    expect(stepPlacement(tree, 'aq', 1)).toBeNull();
  });
});

describe('moveNode', () => {
  it('applies a placement at the top level and under a parent', () => {
    expect(ids(moveNode(tree, 'c', { parentId: null, index: 0 }))).toEqual(['c', 'a', 'b']);
    const moved = moveNode(tree, 'b', { parentId: 'a', index: 1 });
    expect(ids(moved)).toEqual(['a', 'c']);
    expect(ids(moved[0]?.children ?? [])).toEqual(['a1', 'b', 'a2', 'aq']);
    expect(moved[0]?.children[1]?.parentId).toBe('a');
  });

  it('agrees with dropPlacement', () => {
    const placement = dropPlacement(tree, 'a1', 'aq', 1);
    expect(placement).toEqual({ parentId: 'a', index: 2 });
    expect(ids(moveNode(tree, 'a1', placement!)[0]?.children ?? [])).toEqual(['a2', 'aq', 'a1']);
  });
});

describe('subtreeSize and siblingNames', () => {
  it('counts the node with everything below it', () => {
    expect(subtreeSize(tree[0]!)).toBe(5);
    expect(subtreeSize(tree[1]!)).toBe(1);
  });

  it('lists the names beside a node, leaving out the node itself', () => {
    expect(siblingNames(tree, null)).toEqual(['a', 'b', 'c']);
    expect(siblingNames(tree, 'a', 'a2')).toEqual(['a1', 'aq']);
  });
});
