import {
  relationEndpoints,
  type PageOf,
  type User,
  type UserDetail,
  type UserImportMode,
  type UserImportResult,
  type UserInput,
  type UserResources,
} from '@portal/contracts';
import { call } from '../../../../api/call.ts';
import { http } from '../../../../api/http.ts';
import { permissionUrl } from '../../../../components/admin/adminApi.ts';
import { progressPercent } from '../../../../components/admin/download.ts';

/** Filters of the users list besides paging (GET /users, UserListQuery). */
export interface UserFilters {
  orgId?: string | undefined;
  /** With orgId: also users of its sub-organisations. */
  subtree?: boolean | undefined;
  actived?: boolean | undefined;
}

/** Columns GET /users can sort by (UserListQuery.sort). */
export const USER_SORTS = ['username', 'name', 'createdAt'] as const;

export const fetchUsers = (query: Record<string, unknown>) =>
  http.get<PageOf<User>>(permissionUrl('/users'), { params: query }).then((r) => r.data);

export const fetchUser = (id: string) => http.get<UserDetail>(permissionUrl('/users/{id}', { id })).then((r) => r.data);

/** POST /users (UserCreateInput: the password is required). */
export const createUser = (body: UserInput) => http.post<UserDetail>(permissionUrl('/users'), body).then((r) => r.data);
/** PUT /users/{id} (UserUpdateInput: no password). */
export const updateUser = (id: string, body: Omit<UserInput, 'password'>) =>
  http.put<UserDetail>(permissionUrl('/users/{id}', { id }), body).then((r) => r.data);
export const deleteUser = (id: string) => http.delete(permissionUrl('/users/{id}', { id }));

/** POST activates, DELETE disables (spec §4). */
export const setUserActive = (id: string, active: boolean) =>
  active ? http.post(permissionUrl('/users/{id}/actived', { id })) : http.delete(permissionUrl('/users/{id}/actived', { id }));

export const resetUserTotp = (userId: string) => http.delete(permissionUrl('/users/{userId}/totp', { userId }));
export const unlockUser = (userId: string) => http.delete(permissionUrl('/users/{userId}/lock', { userId }));

/** PATCH /users/{id}/password (UserPasswordInput). */
export const resetPassword = (id: string, password: string) => http.patch(permissionUrl('/users/{id}/password', { id }), { password });

/** The user's direct roles. */
export const fetchUserRoles = (userId: string) => call(relationEndpoints.roleUsers.reverse, { query: { userId } });

/** The user's groups. */
export const fetchUserGroups = (userId: string) => call(relationEndpoints.groupUsers.reverse, { query: { userId } });

/** Replaces the direct roles (UserRolesInput). */
export const saveUserRoles = (id: string, roleIds: string[]) => http.put(permissionUrl('/users/{id}/roles/all', { id }), { roleIds });

/** Replaces the groups (UserGroupsInput). */
export const saveUserGroups = (userId: string, groupIds: string[]) =>
  http.put(permissionUrl('/users/{userId}/groups/all', { userId }), { groupIds });

/** Everything the user holds through every source of roles (`all`: a role holding every resource). */
export const fetchUserResources = (id: string) =>
  http.get<UserResources>(permissionUrl('/users/{id}/resources', { id })).then((r) => r.data);

/**
 * Upload of an .xlsx of users into an organisation (multipart part `file`). Mode `upsert` moves
 * existing users (by username) into the organisation instead of refusing their rows.
 */
export const importUsers = (orgId: string, file: File, mode: UserImportMode, onProgress: (percent: number | undefined) => void) => {
  const form = new FormData();
  form.append('file', file);
  return http
    .post<UserImportResult>(permissionUrl('/v1/org/{orgId}/users/files/excel', { orgId }), form, {
      params: { mode },
      // The dialog shows the refusal (with its rows) itself.
      silent: true,
      onUploadProgress: (event) => onProgress(progressPercent(event)),
    })
    .then((r) => r.data);
};

export const IMPORT_TEMPLATE_URL = permissionUrl('/users/import/template');
export const exportUrl = (orgId: string) => permissionUrl('/v1/org/{orgId}/users/files/excel', { orgId });
