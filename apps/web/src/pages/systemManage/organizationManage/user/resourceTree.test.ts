import { describe, expect, it } from 'vitest';
import { catalogueTitles, resourceTree } from './resourceTree.ts';

describe('resourceTree', () => {
  it('nests resources by segment and shares common prefixes', () => {
    const tree = resourceTree(['a:b:c', 'a:b:d', 'a:e', 'f']);
    expect(tree).toEqual([
      {
        key: 'a',
        title: 'a',
        children: [
          {
            key: 'a:b',
            title: 'b',
            children: [
              { key: 'a:b:c', title: 'c' },
              { key: 'a:b:d', title: 'd' },
            ],
          },
          { key: 'a:e', title: 'e' },
        ],
      },
      { key: 'f', title: 'f' },
    ]);
  });

  it('titles nodes from the menu catalogue', () => {
    const [root] = resourceTree(['systemManage:organizationManage:user:create'], catalogueTitles());
    expect(root?.title).toBe('System management');
    expect(root?.children?.[0]?.children?.[0]?.title).toBe('Users');
    expect(root?.children?.[0]?.children?.[0]?.children?.[0]).toEqual({
      key: 'systemManage:organizationManage:user:create',
      title: 'Create',
    });
  });

  it('is empty for no resources', () => {
    expect(resourceTree([])).toEqual([]);
  });
});
