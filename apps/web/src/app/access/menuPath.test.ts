import { MENU_CATALOGUE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { landingSegments, resolveMenuPath, type PathNode } from './menuPath.ts';

interface TestNode extends PathNode<TestNode> {
  title?: string;
}

const names = (path: string) => {
  const resolved = resolveMenuPath(MENU_CATALOGUE, path.split('/').filter(Boolean));
  return resolved && { trail: resolved.trail.map((node) => node.name), detailId: resolved.detailId };
};

describe('resolveMenuPath', () => {
  it('finds the nodes along a page path', () => {
    expect(names('/systemManage/navManage/menuManage')).toEqual({
      trail: ['systemManage', 'navManage', 'menuManage'],
      detailId: undefined,
    });
  });
  it('reads the last segment under a detail page as its detailId', () => {
    expect(names('/OSS/spaceList/bucket-1')).toEqual({ trail: ['OSS', 'spaceList'], detailId: 'bucket-1' });
  });
  it('finds hidden pages (reachable, just not listed)', () => {
    expect(names('/personalCenter/boundAccount')?.trail).toEqual(['personalCenter', 'boundAccount']);
  });
  it('gives null for unknown paths, element nodes and ids under pages without detail views', () => {
    expect(names('/nowhere')).toBeNull();
    expect(names('/systemManage/nowhere')).toBeNull();
    expect(names('/systemManage/navManage/menuManage/query')).toBeNull();
    expect(names('/systemManage/mapManage/7')).toBeNull();
    expect(names('/OSS/spaceList/bucket-1/more')).toBeNull();
    expect(names('/')).toBeNull();
  });
});

describe('landingSegments', () => {
  const section = (name: string) => MENU_CATALOGUE.find((node) => node.name === name);
  it('follows the redirect of a section', () => {
    expect(landingSegments(section('dataShoppingCart')!)).toEqual(['toApplyFor', 'dataResources']);
    expect(landingSegments(section('systemManage')!)).toEqual(['overView']);
  });
  it('is empty for a leaf page and skips hidden pages', () => {
    expect(landingSegments<TestNode>({ name: 'p', type: 'path', children: [] })).toEqual([]);
    const hiddenFirst: TestNode = {
      name: 's',
      type: 'path',
      children: [
        { name: 'secret', type: 'path', hide: true },
        { name: 'shown', type: 'path' },
      ],
    };
    expect(landingSegments(hiddenFirst)).toEqual(['shown']);
  });
});
