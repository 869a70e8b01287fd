import { MENU_CATALOGUE, type MenuSeedNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ALL_POINTS, POINTS, pointsOf } from './points.ts';

/** The resource string of every permission point (element) in the catalogue. */
function catalogueElements(nodes: readonly MenuSeedNode[], ancestors: readonly string[] = []): string[] {
  return nodes.flatMap((node) => {
    const resource = [...ancestors, node.name];
    const own = node.type === 'element' ? [resource.join(':')] : [];
    return [...own, ...catalogueElements(node.children ?? [], resource)];
  });
}

describe('the permission point registry', () => {
  const elements = new Set(catalogueElements(MENU_CATALOGUE));

  it('declares only points that are elements of the catalogue', () => {
    expect(ALL_POINTS.filter((point) => !elements.has(point))).toEqual([]);
  });

  it('lists every page’s points once', () => {
    expect(new Set(ALL_POINTS).size).toBe(ALL_POINTS.length);
    expect(ALL_POINTS).toContain(POINTS.userGroup.actived);
  });

  it('builds a page’s points from its resource and the actions', () => {
    expect(pointsOf('systemManage:roleManage', ['query', 'delete'])).toEqual({
      query: 'systemManage:roleManage:query',
      delete: 'systemManage:roleManage:delete',
    });
  });
});
