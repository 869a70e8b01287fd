import type { MenuNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { menuEntries, openKeys, selectedKey } from './menuModel.ts';

const node = (name: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: name,
  parentId: null,
  name,
  title: name.toUpperCase(),
  type: 'path',
  resource: name,
  icon: null,
  pageIcon: null,
  status: null,
  api: [],
  detail: false,
  hide: false,
  redirect: null,
  sort: 0,
  children: [],
  ...extra,
});

const tree = [
  node('systemManage', {
    icon: 'SettingOutlined',
    children: [
      node('overView'),
      node('navManage', { children: [node('menuManage', { children: [node('query', { type: 'element', status: '0' })] })] }),
      node('secret', { hide: true }),
    ],
  }),
];

describe('menuEntries', () => {
  it('lists visible pages with their paths, grouping pages that have pages below', () => {
    expect(menuEntries(tree)).toEqual([
      {
        key: '/systemManage',
        title: 'SYSTEMMANAGE',
        icon: 'SettingOutlined',
        children: [
          { key: '/systemManage/overView', title: 'OVERVIEW', icon: null },
          {
            key: '/systemManage/navManage',
            title: 'NAVMANAGE',
            icon: null,
            children: [{ key: '/systemManage/navManage/menuManage', title: 'MENUMANAGE', icon: null }],
          },
        ],
      },
    ]);
  });
});

describe('selectedKey / openKeys', () => {
  const entries = menuEntries(tree);
  it('selects the deepest listed page containing the path (detail pages select their page)', () => {
    expect(selectedKey(entries, '/systemManage/navManage/menuManage')).toBe('/systemManage/navManage/menuManage');
    expect(selectedKey(entries, '/systemManage/overView/42')).toBe('/systemManage/overView');
    expect(selectedKey(entries, '/systemManage/overViewer')).toBe('/systemManage');
    expect(selectedKey(entries, '/OSWorkbench')).toBeUndefined();
  });
  it('opens every ancestor group', () => {
    expect(openKeys('/systemManage/navManage/menuManage')).toEqual(['/systemManage', '/systemManage/navManage']);
  });
});
