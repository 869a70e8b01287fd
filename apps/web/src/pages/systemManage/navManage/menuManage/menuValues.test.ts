import type { MenuNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { API_ENTRY_PATTERN, duplicateEntries, formValuesOf, toMenuInput, toMenuUpdate } from './menuValues.ts';

const page: MenuNode = {
  id: 'p',
  parentId: null,
  name: 'roleManage',
  title: 'Roles',
  type: 'path',
  resource: 'systemManage:roleManage',
  icon: 'SafetyOutlined',
  pageIcon: 'role.svg',
  status: null,
  api: [],
  detail: true,
  hide: false,
  redirect: null,
  sort: 3,
  children: [],
};

describe('API entry pattern', () => {
  it('accepts METHOD:/path and refuses the rest', () => {
    for (const ok of ['GET:/api/permission/users/{id}', 'HEAD:/users/open/email/{value}', 'DELETE:/x'])
      expect(API_ENTRY_PATTERN.test(ok)).toBe(true);
    for (const bad of ['get:/x', 'GET /x', 'GET:/', 'GET:/a b', 'OPTIONS:/x', 'GET:x']) expect(API_ENTRY_PATTERN.test(bad)).toBe(false);
  });

  it('finds repeated entries, ignoring blanks and surrounding spaces', () => {
    expect([...duplicateEntries(['GET:/a', ' GET:/a ', '', '', 'POST:/a', 'GET:/a'])]).toEqual([1, 5]);
  });
});

describe('request bodies', () => {
  it('sends a button with its trimmed API calls and nothing a page carries', () => {
    const input = toMenuInput({ type: 'element', name: ' export ', title: 'Export', api: [' GET:/x '], icon: 'X', detail: true }, 'p');
    expect(input).toEqual({ parentId: 'p', type: 'element', name: 'export', title: 'Export', api: ['GET:/x'] });
  });

  it('sends a page without API calls, with blanks as null', () => {
    const input = toMenuInput({ type: 'path', name: 'auditLog', title: 'Audit log', icon: '  ', redirect: '', api: ['GET:/x'] }, null);
    expect(input).toEqual({
      parentId: null,
      type: 'path',
      name: 'auditLog',
      title: 'Audit log',
      icon: null,
      pageIcon: null,
      detail: false,
      hide: false,
      redirect: null,
    });
  });

  it('keeps the type and page icon of an edited node', () => {
    const update = toMenuUpdate({ ...formValuesOf(page), type: 'element', title: 'Role list' }, page);
    expect(update).toEqual({
      name: 'roleManage',
      title: 'Role list',
      icon: 'SafetyOutlined',
      pageIcon: 'role.svg',
      detail: true,
      hide: false,
      redirect: null,
    });
  });
});
