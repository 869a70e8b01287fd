import { describe, expect, it } from 'vitest';
import type { OrgNode } from '../../../../components/admin/orgTree.ts';
import { applyMove, moveAmongSiblings, moveOfDrop, type DropInfo } from './orgMove.ts';

const org = (id: string, children: OrgNode[] = []): OrgNode => ({
  id,
  parentId: null,
  name: id,
  code: id,
  path: `/${id}/`,
  sort: 0,
  description: null,
  hasChildren: children.length > 0,
  children,
});

// hq ─┬─ a ── a1
//     ├─ b
//     └─ c
// other
const tree = (): OrgNode[] => [org('hq', [org('a', [org('a1')]), org('b'), org('c')]), org('other')];

const drop = (dragId: string, targetId: string, relative: DropInfo['relative'], extra: Partial<DropInfo> = {}): DropInfo => ({
  dragId,
  targetId,
  relative,
  dropToGap: relative !== 0,
  targetExpanded: false,
  ...extra,
});

const shape = (nodes: readonly OrgNode[]): unknown =>
  nodes.map((node) => (node.children?.length ? { [node.id]: shape(node.children) } : node.id));

describe('moveOfDrop', () => {
  it('counts the index without the dragged node when moving down among siblings', () => {
    // a after c: siblings without a are [b, c], c at 1, so a goes to 2.
    expect(moveOfDrop(tree(), drop('a', 'c', 1))).toEqual({ parentId: 'hq', index: 2 });
    // c before b: [a, b] without c, b at 1.
    expect(moveOfDrop(tree(), drop('c', 'b', -1))).toEqual({ parentId: 'hq', index: 1 });
  });

  it('moves to another parent and to the root level', () => {
    expect(moveOfDrop(tree(), drop('b', 'a1', 1))).toEqual({ parentId: 'a', index: 1 });
    expect(moveOfDrop(tree(), drop('a1', 'other', -1))).toEqual({ parentId: null, index: 1 });
    expect(moveOfDrop(tree(), drop('c', 'hq', -1))).toEqual({ parentId: null, index: 0 });
  });

  it('puts a node dropped onto another first among its children', () => {
    expect(moveOfDrop(tree(), drop('other', 'b', 0))).toEqual({ parentId: 'b', index: 0 });
    expect(moveOfDrop(tree(), drop('c', 'a', 0))).toEqual({ parentId: 'a', index: 0 });
  });

  it('treats the gap below an open node as its first child', () => {
    expect(moveOfDrop(tree(), drop('c', 'a', 1, { targetExpanded: true }))).toEqual({ parentId: 'a', index: 0 });
    expect(moveOfDrop(tree(), drop('c', 'a', 1, { targetExpanded: false }))).toEqual({ parentId: 'hq', index: 1 });
  });

  it('refuses drops into its own subtree and ignores drops that change nothing', () => {
    expect(moveOfDrop(tree(), drop('hq', 'a1', 0))).toBeNull();
    expect(moveOfDrop(tree(), drop('a', 'a', 0))).toBeNull();
    expect(moveOfDrop(tree(), drop('b', 'a', 1))).toBeNull();
    expect(moveOfDrop(tree(), drop('b', 'c', -1))).toBeNull();
    expect(moveOfDrop(tree(), drop('a1', 'a', 0))).toBeNull();
  });
});

describe('moveAmongSiblings', () => {
  it('moves up and down and stops at the ends', () => {
    expect(moveAmongSiblings(tree(), 'b', -1)).toEqual({ parentId: 'hq', index: 0 });
    expect(moveAmongSiblings(tree(), 'b', 1)).toEqual({ parentId: 'hq', index: 2 });
    expect(moveAmongSiblings(tree(), 'a', -1)).toBeNull();
    expect(moveAmongSiblings(tree(), 'c', 1)).toBeNull();
    expect(moveAmongSiblings(tree(), 'other', -1)).toEqual({ parentId: null, index: 0 });
  });
});

describe('applyMove', () => {
  it('produces the tree the server will answer with', () => {
    expect(shape(applyMove(tree(), 'a', { parentId: 'hq', index: 2 }))).toEqual([{ hq: ['b', 'c', { a: ['a1'] }] }, 'other']);
    expect(shape(applyMove(tree(), 'a1', { parentId: null, index: 1 }))).toEqual([{ hq: ['a', 'b', 'c'] }, 'a1', 'other']);
    const moved = applyMove(tree(), 'other', { parentId: 'b', index: 0 });
    expect(shape(moved)).toEqual([{ hq: [{ a: ['a1'] }, { b: ['other'] }, 'c'] }]);
    expect(moved[0]?.children?.[1]?.children?.[0]?.parentId).toBe('b');
  });

  it('agrees with moveOfDrop for a drag across levels', () => {
    const move = moveOfDrop(tree(), drop('c', 'a1', -1));
    expect(move).toEqual({ parentId: 'a', index: 0 });
    if (!move) return;
    expect(shape(applyMove(tree(), 'c', move))).toEqual([{ hq: [{ a: ['c', 'a1'] }, 'b'] }, 'other']);
  });
});
