import type { MenuNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { menuNodeFixture } from '../../test/fixtures.ts';
import { breadcrumbTrail, menuEntries, openKeys, selectedKey } from './menuModel.ts';

const node = (name: string, extra: Partial<MenuNode> = {}): MenuNode => menuNodeFixture({ name, title: name.toUpperCase(), ...extra });

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
        resource: 'systemManage',
        icon: 'SettingOutlined',
        children: [
          { key: '/systemManage/overView', title: 'OVERVIEW', resource: 'overView', icon: null },
          {
            key: '/systemManage/navManage',
            title: 'NAVMANAGE',
            resource: 'navManage',
            icon: null,
            children: [{ key: '/systemManage/navManage/menuManage', title: 'MENUMANAGE', resource: 'menuManage', icon: null }],
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

describe('breadcrumbTrail', () => {
  it('is the menu trail of the path, each step with its own address', () => {
    expect(breadcrumbTrail(tree, '/systemManage/navManage/menuManage')).toEqual([
      { title: 'SYSTEMMANAGE', resource: 'systemManage', path: '/systemManage' },
      { title: 'NAVMANAGE', resource: 'navManage', path: '/systemManage/navManage' },
      { title: 'MENUMANAGE', resource: 'menuManage', path: '/systemManage/navManage/menuManage' },
    ]);
  });
  it('is empty outside the console menu', () => {
    expect(breadcrumbTrail(tree, '/OSWorkbench')).toEqual([]);
    expect(breadcrumbTrail(tree, '/')).toEqual([]);
  });
});
