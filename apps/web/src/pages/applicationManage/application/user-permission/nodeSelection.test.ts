import type { MenuNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { allKeysOf, checkedKeysOf, halfCheckedKeysOf, pickTreeOf, toggleNode } from './nodeSelection.ts';

const menu = (id: string, children: MenuNode[] = [], type: MenuNode['type'] = 'path'): MenuNode => ({
  id,
  parentId: null,
  name: id,
  title: `Title ${id}`,
  type,
  resource: `app:${id}`,
  icon: null,
  pageIcon: null,
  status: null,
  api: [],
  detail: false,
  hide: false,
  redirect: null,
  sort: 0,
  children,
});

// root ─ reports ─ daily, export (point)
//      └ settings
const tree = pickTreeOf({ id: 'root', title: 'Sales' }, [
  menu('reports', [menu('daily'), menu('export', [], 'element')]),
  menu('settings'),
]);

describe('pickTreeOf', () => {
  it('puts the application root above its dom tree, with titles and types', () => {
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 'root', title: 'Sales', type: 'root' });
    expect(tree[0]?.children.map((node) => [node.id, node.title])).toEqual([
      ['reports', 'Title reports'],
      ['settings', 'Title settings'],
    ]);
    expect(tree[0]?.children[0]?.children[1]?.type).toBe('element');
    expect(allKeysOf(tree)).toEqual(['root', 'reports', 'daily', 'export', 'settings']);
  });
});

describe('toggleNode', () => {
  it('adds only the node checked: checking every child of a page is not holding the page', () => {
    const both = toggleNode(toggleNode([], tree, 'daily', true), tree, 'export', true);
    expect(both).toEqual(['daily', 'export']);
  });

  it('takes in the nodes below a checked node, and unchecks one node alone', () => {
    expect(toggleNode(['daily', 'settings'], tree, 'reports', true)).toEqual(['settings', 'reports']);
    expect(toggleNode(['daily', 'settings'], tree, 'root', true)).toEqual(['root']);
    expect(toggleNode(['reports', 'settings'], tree, 'reports', false)).toEqual(['settings']);
  });
});

describe('halfCheckedKeysOf', () => {
  it('marks the nodes above held ones, unless they are covered themselves', () => {
    expect(halfCheckedKeysOf(tree, ['daily'])).toEqual(['reports', 'root']);
    expect(halfCheckedKeysOf(tree, ['settings'])).toEqual(['root']);
    expect(halfCheckedKeysOf(tree, ['root'])).toEqual([]);
  });
});

describe('checkedKeysOf', () => {
  it('checks a held node and everything below it', () => {
    expect(checkedKeysOf(tree, ['reports'])).toEqual(['reports', 'daily', 'export']);
    expect(checkedKeysOf(tree, ['root'])).toEqual(allKeysOf(tree));
  });

  it('ignores held nodes the tree no longer has', () => {
    expect(checkedKeysOf(tree, ['gone'])).toEqual([]);
  });
});
