import type { MenuNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { allKeysOf, checkedKeysOf, nodeIdsOf, pickTreeOf } from './nodeSelection.ts';

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

describe('nodeIdsOf', () => {
  it('sends only the root when everything is checked: the whole application', () => {
    expect(nodeIdsOf(tree, ['root', 'reports', 'daily', 'export', 'settings'])).toEqual(['root']);
  });

  it('sends a fully checked page without its children, and single leaves elsewhere', () => {
    expect(nodeIdsOf(tree, ['reports', 'daily', 'export'])).toEqual(['reports']);
    expect(nodeIdsOf(tree, ['daily', 'settings'])).toEqual(['daily', 'settings']);
  });

  it('drops keys that are not nodes of the tree', () => {
    expect(nodeIdsOf(tree, ['elsewhere', 'export'])).toEqual(['export']);
    expect(nodeIdsOf(tree, [])).toEqual([]);
  });
});

describe('checkedKeysOf', () => {
  it('checks a held node and everything below it', () => {
    expect(checkedKeysOf(tree, ['reports'])).toEqual(['reports', 'daily', 'export']);
    expect(checkedKeysOf(tree, ['root'])).toEqual(allKeysOf(tree));
  });

  it('round-trips with nodeIdsOf', () => {
    for (const held of [['root'], ['reports'], ['daily', 'settings'], ['export']]) {
      expect(nodeIdsOf(tree, checkedKeysOf(tree, held))).toEqual(held);
    }
  });

  it('ignores held nodes the tree no longer has', () => {
    expect(checkedKeysOf(tree, ['gone'])).toEqual([]);
  });
});
