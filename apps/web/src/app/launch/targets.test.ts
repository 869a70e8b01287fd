import { describe, expect, it } from 'vitest';
import type { WorkbenchApp } from '../store/appStore.ts';
import {
  appMenuNodes,
  appMenuRoute,
  firstPage,
  landingApp,
  microPath,
  studioPath,
  webLanding,
  webThirdPath,
  withToken,
} from './targets.ts';
import { application, menuNode } from './testFixtures.ts';

const workbenchApp = (id: string, selected = false, extra = {}): WorkbenchApp => ({ ...application(id, extra), selected });

describe('withToken', () => {
  it('appends the token and keeps the other parameters and the fragment', () => {
    expect(withToken('https://third.example/app?x=1&y=a%20b#top', 'T0K')).toBe('https://third.example/app?x=1&y=a+b&token=T0K#top');
  });
  it('replaces an existing token parameter', () => {
    expect(withToken('https://third.example/?token=old&x=1', 'new')).toBe('https://third.example/?token=new&x=1');
  });
  it('keeps a relative address relative', () => {
    expect(withToken('/reports/view?id=3', 'abc')).toBe('/reports/view?id=3&token=abc');
  });
  it('without a token, never passes an old one along', () => {
    expect(withToken('https://third.example/?token=old', undefined)).toBe('https://third.example/');
  });
});

describe('addresses', () => {
  it('builds the studio, micro and third-party routes', () => {
    expect(studioPath('app 1')).toBe('/studio/app%201');
    expect(studioPath('a', 'm')).toBe('/studio/a/m');
    expect(microPath('a')).toBe('/micro/a');
    expect(microPath('a', 'home')).toBe('/micro/a/home');
    expect(webThirdPath({ appUrl: 'https://x.example/?a=1', openType: 'Current' })).toBe(
      '/webThird?appUrl=https%3A%2F%2Fx.example%2F%3Fa%3D1&openType=Current',
    );
  });
});

describe('landingApp', () => {
  it('is the first favourite, wherever it is', () => {
    expect(landingApp([workbenchApp('crm'), workbenchApp('systemManage', true), workbenchApp('bi', true)])?.id).toBe('systemManage');
  });
  it('else the first application that is not a system one', () => {
    expect(landingApp([workbenchApp('personalCenter'), workbenchApp('msgCenter'), workbenchApp('crm'), workbenchApp('bi')])?.id).toBe(
      'crm',
    );
  });
  it('else none (the workbench)', () => {
    expect(landingApp([workbenchApp('personalCenter'), workbenchApp('systemManage')])).toBeUndefined();
    expect(landingApp([])).toBeUndefined();
  });
});

describe('an application menu', () => {
  const tree = [
    menuNode('crm', {
      children: [
        menuNode('hidden', { parent: 'crm', hide: true }),
        menuNode('button', { parent: 'crm', type: 'element' }),
        menuNode('sales', {
          parent: 'crm',
          redirect: 'deals',
          children: [menuNode('leads', { parent: 'crm:sales' }), menuNode('deals', { parent: 'crm:sales' })],
        }),
        menuNode('reports', { parent: 'crm' }),
      ],
    }),
  ];

  it('is the children of the root when the tree comes with its root', () => {
    expect(appMenuNodes(tree, 'crm').map((node) => node.name)).toEqual(['hidden', 'button', 'sales', 'reports']);
    expect(appMenuNodes(tree[0]?.children ?? [], 'crm')).toHaveLength(4);
  });

  it('opens at its first listed page, following a group’s redirect down to a leaf', () => {
    expect(firstPage(appMenuNodes(tree, 'crm'))?.resource).toBe('crm:sales:deals');
    expect(firstPage([])).toBeUndefined();
  });

  describe('webLanding', () => {
    const crm = application('crm', { pathname: '/crm' });
    const outsideAllowed = (allowed: boolean) => () => allowed;

    it('goes to the redirect when the user may open it', () => {
      expect(webLanding({ ...crm, redirect: '/crm/reports' }, tree, outsideAllowed(false))).toBe('/crm/reports');
      expect(webLanding({ ...crm, redirect: '/crm/hidden' }, tree, outsideAllowed(false))).toBe('/crm/hidden');
    });
    it('else to the first permitted page', () => {
      const withoutReports = [{ ...tree[0]!, children: tree[0]!.children.filter((node) => node.name !== 'reports') }];
      expect(webLanding({ ...crm, redirect: '/crm/reports' }, withoutReports, outsideAllowed(false))).toBe('/crm/sales/deals');
      expect(webLanding(crm, tree, outsideAllowed(true))).toBe('/crm/sales/deals');
    });
    it('asks the portal about a redirect outside the application', () => {
      expect(webLanding({ ...crm, redirect: '/personalCenter/baseInfo' }, tree, outsideAllowed(true))).toBe('/personalCenter/baseInfo');
      expect(webLanding({ ...crm, redirect: '/systemManage/overView' }, tree, outsideAllowed(false))).toBe('/crm/sales/deals');
    });
    it('else to the application’s route', () => {
      expect(webLanding(crm, [], outsideAllowed(true))).toBe('/crm');
      expect(webLanding({ ...crm, pathname: null }, [], outsideAllowed(true))).toBe('/crm');
    });
  });
});

describe('appMenuRoute', () => {
  it('puts the menu segments below the application’s own route, encoded', () => {
    expect(appMenuRoute({ pathname: '/apps/crm/', instant: 'crm' }, { resource: 'crm:a b' })).toBe('/apps/crm/a%20b');
    expect(appMenuRoute({ pathname: null, instant: 'crm' }, { resource: 'crm:x' })).toBe('/crm/x');
    expect(appMenuRoute({ pathname: '/', instant: 'home' }, { resource: 'home:x' })).toBe('/x');
  });
});
