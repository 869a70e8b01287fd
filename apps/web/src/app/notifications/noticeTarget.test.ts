import type { Application, MenuNode, NoticeEntry } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { applicationFixture, menuNodeFixture } from '../../test/fixtures.ts';
import { noticeTargetOf, resolveNotice, type NoticeLookups, type NoticeTarget } from './noticeTarget.ts';

const app = (over: Partial<Application>): Application =>
  applicationFixture({ id: 'app-1', instant: 'crm', name: 'CRM', menuId: 'root-1', ...over });

const node = (id: string, resource: string, children: MenuNode[] = []): MenuNode =>
  menuNodeFixture({ id, name: resource.split(':').at(-1) ?? resource, title: id, resource, children });

const CRM = app({});
const SYSTEM = app({ id: 'app-2', instant: 'systemManage', type: 'path', pathname: '/systemManage' });
const CRM_MENU = [node('root-1', 'crm', [node('m-customers', 'crm:customers', [node('m-list', 'crm:customers:list')])])];
const SYSTEM_MENU = [node('s-root', 'systemManage', [node('s-users', 'systemManage:organizationManage:user')])];

const calls: string[] = [];
const lookups: NoticeLookups = {
  applications: async () => [CRM, SYSTEM],
  appMenu: async (of) => {
    calls.push(of.instant);
    return of.instant === 'crm' ? CRM_MENU : SYSTEM_MENU;
  },
};

const notice = (type?: string, appId?: string, menuId?: string): NoticeEntry[] => [
  ...(type === undefined ? [] : [{ data: 'OS_APP_TYPE' as const, value: type }]),
  ...(appId === undefined ? [] : [{ data: 'OS_APP_ID' as const, value: appId }]),
  ...(menuId === undefined ? [] : [{ data: 'OS_MENU_ID' as const, value: menuId }]),
];

const resolve = (type?: string, appId?: string, menuId?: string) => {
  const target = noticeTargetOf(notice(type, appId, menuId));
  if (!target) throw new Error('no target');
  return resolveNotice(target, lookups);
};

describe('noticeTargetOf', () => {
  it('reads the three keys, in any order, trimming blanks away', () => {
    const entries: NoticeEntry[] = [
      { data: 'OS_MENU_ID', value: ' m1 ' },
      { data: 'OS_APP_TYPE', value: 'MicroWeb' },
      { data: 'OS_APP_ID', value: 'a1' },
    ];
    expect(noticeTargetOf(entries)).toEqual<NoticeTarget>({ type: 'MicroWeb', appId: 'a1', menuId: 'm1' });
    expect(noticeTargetOf(notice('Web', ' '))).toEqual({ type: 'Web' });
  });

  it('is null for a message without an application type', () => {
    expect(noticeTargetOf([])).toBeNull();
    expect(noticeTargetOf(undefined)).toBeNull();
    expect(noticeTargetOf(notice(undefined, 'a1', 'm1'))).toBeNull();
    expect(noticeTargetOf(notice('  ', 'a1'))).toBeNull();
  });
});

describe('resolveNotice', () => {
  it('opens a Web application at its route, and at the named menu inside it', async () => {
    expect(await resolve('Web', 'app-1')).toEqual({ kind: 'navigate', to: '/crm' });
    expect(await resolve('Web', 'app-1', 'm-list')).toEqual({ kind: 'navigate', to: '/crm/customers/list' });
  });

  it('opens a path application (an internal page) the same way, finding it by id or instant', async () => {
    expect(await resolve('path', 'app-2', 's-users')).toEqual({ kind: 'navigate', to: '/systemManage/organizationManage/user' });
    expect(await resolve('path', 'systemManage')).toEqual({ kind: 'navigate', to: '/systemManage' });
  });

  it('falls back to the application route when the menu is not among the caller’s', async () => {
    expect(await resolve('Web', 'app-1', 'not-mine')).toEqual({ kind: 'navigate', to: '/crm' });
    const failing: NoticeLookups = { ...lookups, appMenu: () => Promise.reject(new Error('offline')) };
    expect(await resolveNotice({ type: 'Web', appId: 'app-1', menuId: 'm-list' }, failing)).toEqual({ kind: 'navigate', to: '/crm' });
  });

  it('reports an application the caller may not open as unavailable', async () => {
    expect(await resolve('Web', 'someone-elses-app')).toEqual({ kind: 'unavailable' });
    expect(await resolve('Web')).toEqual({ kind: 'unavailable' });
  });

  it('opens MicroWeb and WebStudio targets in their hosts without looking anything up', async () => {
    calls.length = 0;
    expect(await resolve('MicroWeb', 'a 1', 'orders')).toEqual({ kind: 'navigate', to: '/micro/a%201/orders' });
    expect(await resolve('WebStudio', 'app-9', 'm-3')).toEqual({ kind: 'navigate', to: '/studio/app-9/m-3' });
    expect(await resolve('webstudio', 'app-9')).toEqual({ kind: 'navigate', to: '/studio/app-9' });
    expect(await resolve('MicroWeb')).toEqual({ kind: 'unavailable' });
    expect(calls).toEqual([]);
  });

  it('does not support any other type', async () => {
    for (const type of ['WebThird', 'email', 'constructor', 'toString']) {
      expect(await resolve(type, 'app-1')).toEqual({ kind: 'unsupported' });
    }
  });
});
