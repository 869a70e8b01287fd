import { relationEndpoints, type Group, type PageOf, type Role, type RoleResources } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { http } from '../../../api/http.ts';
import { ADMIN_KEYS, permissionUrl } from '../../../components/admin/adminApi.ts';
import { asPage, type PageState } from '../../../components/admin/pageQuery.ts';

/** Body of POST /roles, PUT /roles/{roleId} and POST /roles/{roleId}/copy (contracts' RoleInput). */
export interface RoleValues {
  code: string;
  name: string;
  description?: string | null;
  sort?: number;
}

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
  list: async (query: ListQuery) => (await http.get<PageOf<Role>>(permissionUrl('/roles'), { params: query })).data,
  get: async (roleId: string) => (await http.get<Role>(permissionUrl('/roles/{roleId}', { roleId }))).data,
  create: async (values: RoleValues) => (await http.post<Role>(permissionUrl('/roles'), values)).data,
  copy: async (roleId: string, values: RoleValues) =>
    (await http.post<Role>(permissionUrl('/roles/{roleId}/copy', { roleId }), values)).data,
  update: async (roleId: string, values: RoleValues) => (await http.put<Role>(permissionUrl('/roles/{roleId}', { roleId }), values)).data,
  remove: async (roleId: string) => void (await http.delete(permissionUrl('/roles/{roleId}', { roleId }))),

  resources: async (roleId: string) => (await http.get<RoleResources>(permissionUrl('/roles/{roleId}/resources', { roleId }))).data,
  /** The caller shows a refusal (403: a resource they do not hold) inline, so no generic toast. */
  saveResources: async (roleId: string, menuIds: string[]) =>
    (await http.put<RoleResources>(permissionUrl('/roles/{roleId}/resources', { roleId }), { menuIds }, { silent: true })).data,

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
