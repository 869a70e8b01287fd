import { describe, expect, expectTypeOf, it } from 'vitest';
import { permissionKeyOf, pathOf, type CallInput, type ResponseOf } from './endpoint.ts';
import type { Group } from './identity.ts';
import type { PageOf } from './paging.ts';
import { groupEndpoints } from './permission/groups.ts';
import type { registrationEndpoints } from './permission/users/registration.ts';
import type { userExcelEndpoints } from './permission/users/excel.ts';
import type { CreatedAccount } from './account.ts';

describe('endpoints', () => {
  it('fill path parameters, encoded, and refuse a missing one', () => {
    expect(pathOf(groupEndpoints.get, { id: 'a/b' })).toBe('/api/permission/groups/a%2Fb');
    expect(() => pathOf(groupEndpoints.get)).toThrow(/missing path parameter id/);
  });

  it('name the permission key an element lists', () => {
    expect(permissionKeyOf(groupEndpoints.update)).toBe('PUT:/api/permission/groups/{id}');
  });

  it('type the caller input and the answer from the schemas', () => {
    expectTypeOf<ResponseOf<typeof groupEndpoints.get>>().toExtend<Group>();
    expectTypeOf<ResponseOf<typeof groupEndpoints.list>>().toExtend<PageOf<Group>>();
    expectTypeOf<CallInput<typeof groupEndpoints.update>['params']>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<CallInput<typeof groupEndpoints.create>['body']['code']>().toEqualTypeOf<string>();
    // A creation answering 201, and an upload whose body the caller encodes.
    expectTypeOf<ResponseOf<typeof registrationEndpoints.register>>().toEqualTypeOf<CreatedAccount>();
    expectTypeOf<CallInput<typeof userExcelEndpoints.import>['body']>().toBeUnknown();
    expectTypeOf<CallInput<typeof groupEndpoints.list>['body']>().toEqualTypeOf<undefined>();
  });
});
