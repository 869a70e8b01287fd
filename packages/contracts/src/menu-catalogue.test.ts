import { describe, expect, it } from 'vitest';
import { MENU_CATALOGUE, walkCatalogue } from './menu-catalogue.ts';

const nodes = [...walkCatalogue(MENU_CATALOGUE)];

describe('menu catalogue', () => {
  it('gives every node a unique resource string', () => {
    const resources = nodes.map((n) => n.resource);
    expect(new Set(resources).size).toBe(resources.length);
  });

  it('has the six console sections of the spec, each landing on one of its pages', () => {
    expect(MENU_CATALOGUE.map((s) => s.name)).toEqual([
      'systemManage',
      'dataShoppingCart',
      'personalCenter',
      'OSS',
      'applicationManage',
      'messageCenter',
    ]);
    for (const section of MENU_CATALOGUE) {
      const pages = [...walkCatalogue(section.children ?? [])].map((n) => n.node.name);
      expect(pages, section.name).toContain(section.redirect);
    }
  });

  it('lists API calls as METHOD:/path on elements only', () => {
    for (const { node, resource } of nodes) {
      if (node.type === 'element') {
        expect(node.api?.length, resource).toBeGreaterThan(0);
        for (const api of node.api ?? []) expect(api).toMatch(/^(GET|POST|PUT|PATCH|DELETE|HEAD):\/api\/[\w\-/{}.]+$/);
      } else {
        expect(node.api, resource).toBeUndefined();
      }
    }
  });
});
