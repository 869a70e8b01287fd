import { describe, expect, it } from 'vitest';
import { holds } from './holds.ts';

describe('holds', () => {
  const resources = ['systemManage:organizationManage:user:query', 'systemManage:roleManage'];

  it('grants the point itself and everything under a granted node', () => {
    expect(holds(resources, 'systemManage:organizationManage:user:query')).toBe(true);
    expect(holds(resources, 'systemManage:roleManage:update')).toBe(true);
  });

  it('refuses siblings, parents of a grant and look-alike names', () => {
    expect(holds(resources, 'systemManage:organizationManage:user:create')).toBe(false);
    expect(holds(resources, 'systemManage:organizationManage:user')).toBe(false);
    expect(holds(resources, 'systemManage:roleManageX:update')).toBe(false);
  });
});
