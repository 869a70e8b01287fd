import { describe, expect, it } from 'vitest';
import { filterOrgTree, findOrg, keysToDepth, toTreeData, type OrgNode } from './orgTree.ts';

const org = (id: string, name: string, children: OrgNode[] = []): OrgNode => ({
  id,
  parentId: null,
  name,
  code: id.toUpperCase(),
  path: `/${id}/`,
  sort: 0,
  description: null,
  hasChildren: children.length > 0,
  children,
});

const tree = [org('hq', 'Head office', [org('sales', 'Sales', [org('north', 'North team')]), org('it', 'IT')])];

describe('toTreeData', () => {
  it('keeps the nesting with id as key and value, and no empty children lists', () => {
    expect(toTreeData(tree)).toEqual([
      {
        key: 'hq',
        value: 'hq',
        title: 'Head office',
        children: [
          { key: 'sales', value: 'sales', title: 'Sales', children: [{ key: 'north', value: 'north', title: 'North team' }] },
          { key: 'it', value: 'it', title: 'IT' },
        ],
      },
    ]);
  });
});

describe('findOrg and keysToDepth', () => {
  it('finds nested organisations and lists parents to open', () => {
    expect(findOrg(tree, 'north')?.name).toBe('North team');
    expect(findOrg(tree, 'missing')).toBeUndefined();
    expect(keysToDepth(tree, 1)).toEqual(['hq']);
    expect(keysToDepth(tree, 2)).toEqual(['hq', 'sales']);
  });
});

describe('filterOrgTree', () => {
  it('keeps matches with their ancestors and opens the ancestors', () => {
    const { nodes, expand } = filterOrgTree(tree, 'north');
    expect(nodes).toHaveLength(1);
    expect(nodes[0]?.children?.map((child) => child.id)).toEqual(['sales']);
    expect(nodes[0]?.children?.[0]?.children?.map((child) => child.id)).toEqual(['north']);
    expect(expand.sort()).toEqual(['hq', 'sales']);
  });

  it('matches the code too, keeps a matching subtree whole, and returns nothing for no match', () => {
    expect(filterOrgTree(tree, 'SALES').nodes[0]?.children?.[0]?.children).toHaveLength(1);
    expect(filterOrgTree(tree, 'nowhere').nodes).toEqual([]);
    expect(filterOrgTree(tree, '  ').nodes).toEqual(tree);
  });
});
