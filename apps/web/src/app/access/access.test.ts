import { MENU_CATALOGUE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { allowedFirstSegments, canAccess, isKnownFirstSegment, permissionSegments } from './access.ts';

const menuManager = ['systemManage:navManage:menuManage', 'systemManage:navManage:menuManage:query'];
const check = (path: string, resources: readonly string[]) => canAccess(path, resources, MENU_CATALOGUE);

describe('allowedFirstSegments', () => {
  it('takes the first segment of every resource', () => {
    expect([...allowedFirstSegments(['OSS:overView', 'systemManage', 'OSS'])]).toEqual(['OSS', 'systemManage']);
  });
});

describe('permissionSegments', () => {
  it('names the detailId of a page with a detail view getDetail', () => {
    expect(permissionSegments('/systemManage/organizationManage/user/42', MENU_CATALOGUE)).toEqual([
      'systemManage',
      'organizationManage',
      'user',
      'getDetail',
    ]);
  });
  it('leaves a path without a detail view as it is', () => {
    expect(permissionSegments('/systemManage/navManage/menuManage/42', MENU_CATALOGUE)).toEqual([
      'systemManage',
      'navManage',
      'menuManage',
      '42',
    ]);
  });
});

describe('canAccess', () => {
  it('allows the root and always-allowed segments that are not console sections', () => {
    expect(check('/', [])).toBe(true);
    expect(check('/OSWorkbench', [])).toBe(true);
    expect(check('/micro/app-1/menu-2', [])).toBe(true);
    expect(check('/403', [])).toBe(true);
  });

  it('opens the root of an internal console section to everyone', () => {
    expect(check('/systemManage', [])).toBe(true);
    expect(check('/personalCenter', [])).toBe(true);
  });

  it('refuses a page of an internal section without a resource for it', () => {
    expect(check('/systemManage/organizationManage/user', [])).toBe(false);
    expect(check('/systemManage/organizationManage/user', menuManager)).toBe(false);
    expect(check('/systemManage/overView', ['OSS:overView'])).toBe(false);
  });

  it('refuses a first segment outside the allowed list', () => {
    expect(check('/OSS', [])).toBe(false);
    expect(check('/messageCenter/messageRecord', menuManager)).toBe(false);
    expect(check('/unknownThing', menuManager)).toBe(false);
  });

  it('allows a granted page, everything under it and the way to it', () => {
    expect(check('/systemManage/navManage/menuManage', menuManager)).toBe(true);
    expect(check('/systemManage/navManage', menuManager)).toBe(true);
    expect(check('/systemManage/navManage/themeSetting', menuManager)).toBe(false);
  });

  it('makes a page reachable through a granted button alone', () => {
    expect(check('/systemManage/navManage/menuManage', ['systemManage:navManage:menuManage:query'])).toBe(true);
  });

  it('lets a section grant cover the whole section', () => {
    expect(check('/OSS/spaceList', ['OSS'])).toBe(true);
    expect(check('/OSS/spaceList/bucket-7', ['OSS'])).toBe(true);
  });

  it('treats a detail route as getDetail of its page', () => {
    const pageOnly = ['systemManage:organizationManage:user'];
    expect(check('/systemManage/organizationManage/user/u-1', pageOnly)).toBe(true);
    const detailOnly = ['systemManage:organizationManage:user:getDetail'];
    expect(check('/systemManage/organizationManage/user/u-1', detailOnly)).toBe(true);
    const otherPage = ['systemManage:organizationManage:userGroup'];
    expect(check('/systemManage/organizationManage/user/u-1', otherPage)).toBe(false);
  });

  it('compares whole segments, not string prefixes', () => {
    expect(check('/systemManage/organizationManage/userGroup', ['systemManage:organizationManage:user'])).toBe(false);
  });
});

describe('isKnownFirstSegment', () => {
  it('knows always-allowed segments, console sections and granted applications', () => {
    expect(isKnownFirstSegment('/OSWorkbench', [])).toBe(true);
    expect(isKnownFirstSegment('/OSS/overView', [])).toBe(true);
    expect(isKnownFirstSegment('/myApp/page', ['myApp:page'])).toBe(true);
  });
  it('leaves unknown first segments to the 404 page', () => {
    expect(isKnownFirstSegment('/no-such-thing', menuManager)).toBe(false);
  });
});
