import type { Group, PageOf, Role, User } from '@portal/contracts';
import { http } from '../../../../api/http.ts';
import { permissionUrl } from '../../../../components/admin/adminApi.ts';
import { asList, asPage, type PageState } from '../../../../components/admin/pageQuery.ts';

export const fetchGroups = (query: Record<string, unknown>) =>
  http.get<PageOf<Group>>(permissionUrl('/groups'), { params: query }).then((r) => r.data);

export const fetchGroup = (id: string) => http.get<Group>(permissionUrl('/groups/{id}', { id })).then((r) => r.data);

/** POST activates, DELETE disables (spec §4). */
export const setGroupActive = (id: string, active: boolean) =>
  active ? http.post(permissionUrl('/groups/{id}/actived', { id })) : http.delete(permissionUrl('/groups/{id}/actived', { id }));

/** Members of a group: GET /rels/users/groups?groupId= (a page, or the whole array paged here). */
export const fetchMembers = (groupId: string, query: PageState & Record<string, unknown>) =>
  http
    .get<PageOf<User> | User[]>(permissionUrl('/rels/users/groups'), { params: { ...query, groupId } })
    .then((r) => asPage(r.data, query));

/** Relation body `{ groupId, userIds }`. */
export const addMembers = (groupId: string, userIds: string[]) => http.post(permissionUrl('/rels/users/groups'), { groupId, userIds });
export const removeMembers = (groupId: string, userIds: string[]) =>
  http.delete(permissionUrl('/rels/users/groups'), { data: { groupId, userIds } });

/** Roles granted to a group: GET /rels/roles/groups/reverse?groupId=. */
export const fetchGroupRoles = (groupId: string) =>
  http.get<Role[]>(permissionUrl('/rels/roles/groups/reverse'), { params: { groupId } }).then((r) => asList(r.data));
