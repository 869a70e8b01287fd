import type { MenuNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { menuNodeFixture } from '../../../test/fixtures.ts';
import { branchIds, checkNode, filterTree, halfCheckedIds, indexTree, orderedIds, sameGrant, uncheckNode } from './permissionTree.ts';

const node = (id: string, resource: string, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode =>
  menuNodeFixture({ id, name: resource.split(':').at(-1) ?? id, title: id.toUpperCase(), resource, children, ...extra });

// system ─┬─ roles ─┬─ rolesQuery
//         │         └─ rolesCreate
//         └─ menus ─── menusQuery
const tree = [
  node('system', 'system', [
    node('roles', 'system:roles', [
      node('rolesQuery', 'system:roles:queryBtn', [], { type: 'element', api: ['GET:/api/permission/roles'] }),
      node('rolesCreate', 'system:roles:createBtn', [], { type: 'element', api: ['POST:/api/permission/roles'] }),
    ]),
    node('menus', 'system:menus', [
      node('menusQuery', 'system:menus:queryBtn', [], { type: 'element', api: ['GET:/api/permission/menus'] }),
    ]),
  ]),
];
const index = indexTree(tree);

describe('checking the permission tree', () => {
  it('checking a page checks its elements and nothing above it', () => {
    const checked = checkNode(new Set(), index, 'roles');
    expect([...checked].sort()).toEqual(['roles', 'rolesCreate', 'rolesQuery']);
  });

  it('checking the root checks every node', () => {
    expect(checkNode(new Set(), index, 'system').size).toBe(index.allIds.length);
  });

  it('unchecking an element also unchecks the pages that would still cover it', () => {
    const everything = checkNode(new Set(), index, 'system');
    const checked = uncheckNode(everything, index, 'rolesCreate');
    expect([...checked].sort()).toEqual(['menus', 'menusQuery', 'rolesQuery']);
  });

  it('unchecking a page unchecks its subtree', () => {
    const checked = uncheckNode(checkNode(new Set(), index, 'system'), index, 'roles');
    expect(orderedIds(checked, index)).toEqual(['menus', 'menusQuery']);
  });

  it('shows pages half-checked when only part of what is below them is granted', () => {
    const checked = new Set(['rolesQuery']);
    expect(halfCheckedIds(checked, tree).sort()).toEqual(['roles', 'system']);
    expect(halfCheckedIds(checkNode(new Set(), index, 'system'), tree)).toEqual([]);
  });

  it('saves ids in tree order, and compares grants regardless of order', () => {
    const checked = new Set(['menusQuery', 'roles', 'rolesQuery']);
    expect(orderedIds(checked, index)).toEqual(['roles', 'rolesQuery', 'menusQuery']);
    expect(sameGrant(checked, new Set(['roles', 'rolesQuery', 'menusQuery']))).toBe(true);
    expect(sameGrant(checked, new Set(['roles', 'rolesQuery']))).toBe(false);
  });
});

describe('searching the permission tree', () => {
  it('keeps matches with the pages leading to them', () => {
    const found = filterTree(tree, 'POST:/api');
    expect(found).toHaveLength(1);
    const roles = found[0]?.children;
    expect(roles?.map((each) => each.id)).toEqual(['roles']);
    expect(roles?.[0]?.children.map((each) => each.id)).toEqual(['rolesCreate']);
  });

  it('keeps the whole subtree of a matching page', () => {
    const found = filterTree(tree, 'MENUS');
    expect(found[0]?.children.map((each) => each.id)).toEqual(['menus']);
    expect(found[0]?.children[0]?.children.map((each) => each.id)).toEqual(['menusQuery']);
  });

  it('returns the tree unchanged for blank text and nothing when nothing matches', () => {
    expect(filterTree(tree, '  ')).toEqual(tree);
    expect(filterTree(tree, 'no such thing')).toEqual([]);
  });

  it('lists the pages to expand', () => {
    expect(branchIds(tree)).toEqual(['system', 'roles', 'menus']);
  });
});
