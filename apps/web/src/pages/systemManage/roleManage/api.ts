import { relationEndpoints, roleEndpoints, type BodyOf, type Group, type PageOf } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { ADMIN_KEYS } from '../../../components/admin/adminApi.ts';
import { asPage, type PageState } from '../../../components/admin/pageQuery.ts';

/** What the role form edits: the body of POST /roles and PUT /roles/{roleId} (RoleInput). */
export type RoleValues = BodyOf<typeof roleEndpoints.create>;

/**
 * Query keys. Everything about roles sits under the shared roles root, so a change here also
 * refreshes the role pickers of the organisation pages, and theirs refresh these.
 */
export const roleKeys = {
  all: ADMIN_KEYS.roles,
  one: (roleId: string) => [...ADMIN_KEYS.roles, 'one', roleId] as const,
  resources: (roleId: string) => [...ADMIN_KEYS.roles, 'one', roleId, 'resources'] as const,
  users: (roleId: string) => [...ADMIN_KEYS.roles, 'one', roleId, 'users'] as const,
  groups: (roleId: string) => [...ADMIN_KEYS.roles, 'one', roleId, 'groups'] as const,
};

type ListQuery = PageState & Record<string, unknown>;

export const roleApi = {
  list: (query: ListQuery) => call(roleEndpoints.list, { query }),
  get: (roleId: string) => call(roleEndpoints.get, { params: { roleId } }),
  create: (values: RoleValues) => call(roleEndpoints.create, { body: values }),
  copy: (roleId: string, values: BodyOf<typeof roleEndpoints.copy>) => call(roleEndpoints.copy, { params: { roleId }, body: values }),
  update: (roleId: string, values: RoleValues) => call(roleEndpoints.update, { params: { roleId }, body: values }),
  remove: async (roleId: string) => void (await call(roleEndpoints.remove, { params: { roleId } })),

  resources: (roleId: string) => call(roleEndpoints.resources, { params: { roleId } }),
  /** The caller shows a refusal (403: a resource they do not hold) inline, so no generic toast. */
  saveResources: (roleId: string, menuIds: string[]) =>
    call(roleEndpoints.setResources, { params: { roleId }, body: { menuIds } }, { silent: true }),

  users: (roleId: string, query: ListQuery) => call(relationEndpoints.roleUsers.list, { query: { ...query, roleId } }),
  addUsers: (roleId: string, userIds: string[]) => call(relationEndpoints.roleUsers.add, { body: { roleId, userIds } }),
  removeUsers: (roleId: string, userIds: string[]) => call(relationEndpoints.roleUsers.remove, { body: { roleId, userIds } }),

  /** All of a role's groups: the server sends them at once (see roleGroupsQuery, groupsPage). */
  groups: (roleId: string) => call(relationEndpoints.roleGroups.list, { query: { roleId } }),
  addGroups: (roleId: string, groupIds: string[]) => call(relationEndpoints.roleGroups.add, { body: { roleId, groupIds } }),
  removeGroups: (roleId: string, groupIds: string[]) => call(relationEndpoints.roleGroups.remove, { body: { roleId, groupIds } }),
};

/** A role's groups, fetched once and cached under roleKeys.groups: the table pages them from there. */
export const roleGroupsQuery = (roleId: string) =>
  queryOptions({ queryKey: roleKeys.groups(roleId), queryFn: () => roleApi.groups(roleId) });

/** One page of a role's groups whose name or code contains the keyword (any case). */
export function groupsPage(all: readonly Group[], query: PageState): PageOf<Group> {
  const keyword = query.keyword?.toLowerCase();
  const matching = keyword ? all.filter((group) => `${group.name} ${group.code}`.toLowerCase().includes(keyword)) : [...all];
  return asPage(matching, query);
}
