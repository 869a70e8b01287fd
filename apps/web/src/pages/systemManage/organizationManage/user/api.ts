import {
  relationEndpoints,
  userEndpoints,
  userExcelEndpoints,
  userStateEndpoints,
  type BodyOf,
  type UserImportMode,
  type UserListQuery,
} from '@portal/contracts';
import { call } from '../../../../api/call.ts';
import { uploadFile } from '../../../../components/admin/download.ts';
import type { PageState } from '../../../../components/admin/pageQuery.ts';

/** Filters of the users list besides paging (GET /users): organisation (with `subtree`, also those below it), state. */
export type UserFilters = Pick<UserListQuery, 'orgId' | 'subtree' | 'actived'>;

/** Columns GET /users can sort by (UserListQuery.sort). */
export const USER_SORTS = ['username', 'name', 'createdAt'] as const;

/** One page of users; the table sorts only by its USER_SORTS columns, so `sort` is one of them. */
export const fetchUsers = (query: PageState & UserFilters) => call(userEndpoints.list, { query: query as UserListQuery });

export const fetchUser = (id: string) => call(userEndpoints.get, { params: { id } });

/** POST /users (UserCreateInput: the password is required). */
export const createUser = (body: BodyOf<typeof userEndpoints.create>) => call(userEndpoints.create, { body });
/** PUT /users/{id} (UserUpdateInput: no password). */
export const updateUser = (id: string, body: BodyOf<typeof userEndpoints.update>) => call(userEndpoints.update, { params: { id }, body });
export const deleteUser = (id: string) => call(userEndpoints.remove, { params: { id } });

/** POST activates, DELETE disables (spec §4). */
export const setUserActive = (id: string, active: boolean) =>
  call(active ? userStateEndpoints.activate : userStateEndpoints.disable, { params: { id } });

export const resetUserTotp = (userId: string) => call(userStateEndpoints.resetTotp, { params: { userId } });
export const unlockUser = (userId: string) => call(userStateEndpoints.unlock, { params: { userId } });

/** PATCH /users/{id}/password (UserPasswordInput). */
export const resetPassword = (id: string, password: string) => call(userStateEndpoints.setPassword, { params: { id }, body: { password } });

/** The user's direct roles. */
export const fetchUserRoles = (userId: string) => call(relationEndpoints.roleUsers.reverse, { query: { userId } });

/** The user's groups. */
export const fetchUserGroups = (userId: string) => call(relationEndpoints.groupUsers.reverse, { query: { userId } });

/** Replaces the direct roles (UserRolesInput). */
export const saveUserRoles = (id: string, roleIds: string[]) => call(userStateEndpoints.setRoles, { params: { id }, body: { roleIds } });

/** Replaces the groups (UserGroupsInput). */
export const saveUserGroups = (userId: string, groupIds: string[]) =>
  call(userStateEndpoints.setGroups, { params: { userId }, body: { groupIds } });

/** Everything the user holds through every source of roles (`all`: a role holding every resource). */
export const fetchUserResources = (id: string) => call(userStateEndpoints.resources, { params: { id } });

/**
 * Upload of an .xlsx of users into an organisation (multipart part `file`). Mode `upsert` moves
 * existing users (by username) into the organisation instead of refusing their rows.
 */
export const importUsers = (orgId: string, file: File, mode: UserImportMode, onProgress: (percent: number | undefined) => void) =>
  uploadFile(userExcelEndpoints.import, { params: { orgId }, query: { mode } }, file, onProgress);
