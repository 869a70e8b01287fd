import { Type, type Static } from 'typebox';
import { User, UserInput } from './identity.ts';
import { IdList, Nullable, PageQuery } from './paging.ts';
import { omitProperties } from './object-parts.ts';

/** User administration (systemManage → organizationManage → user): list filters, detail, relations, Excel. */

const Uuid = Type.String({ format: 'uuid' });
const Password = Type.String({ minLength: 8, maxLength: 128 });

/** GET /users and GET /v2/users. */
export const UserListQuery = Type.Object({
  ...PageQuery.properties,
  sort: Type.Optional(Type.Enum(['username', 'name', 'createdAt'])),
  orgId: Type.Optional(Uuid),
  /** With orgId: also the users of every organisation below it. */
  subtree: Type.Optional(Type.Boolean()),
  actived: Type.Optional(Type.Boolean()),
  positionId: Type.Optional(Uuid),
  groupId: Type.Optional(Uuid),
  /** Users holding the role directly (not through groups, organisations or positions). */
  roleId: Type.Optional(Uuid),
});
export type UserListQuery = Static<typeof UserListQuery>;

/** GET /v2/users: the few fields a user picker shows. */
export const UserPickerItem = Type.Object({
  id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  orgName: Nullable(Type.String()),
});
export type UserPickerItem = Static<typeof UserPickerItem>;

const NamedRef = Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() });

/** GET /users/{id}: the user with what the edit form needs. */
export const UserDetail = Type.Object({
  ...User.properties,
  passwordExpired: Type.Boolean(),
  /** Roles granted to the user directly. */
  roles: Type.Array(NamedRef),
  groups: Type.Array(Type.Object({ ...NamedRef.properties, actived: Type.Boolean() })),
  positions: Type.Array(NamedRef),
});
export type UserDetail = Static<typeof UserDetail>;

/** POST /users: the password is required; the user must change it at the first sign-in. */
export const UserCreateInput = Type.Object({ ...UserInput.properties, password: Password });
export type UserCreateInput = Static<typeof UserCreateInput>;

/** PUT /users/{id}: everything but the password (PATCH /users/{id}/password sets that). */
export const UserUpdateInput = omitProperties(UserInput, ['password']);
export type UserUpdateInput = Static<typeof UserUpdateInput>;

/** PATCH /users/{id}/password. */
export const UserPasswordInput = Type.Object({ password: Password });
export type UserPasswordInput = Static<typeof UserPasswordInput>;

/** PUT /users/{id}/roles/all: the user's direct roles, replaced. */
export const UserRolesInput = Type.Object({ roleIds: IdList });
export type UserRolesInput = Static<typeof UserRolesInput>;

/** PUT /users/{userId}/groups/all: the user's groups, replaced. */
export const UserGroupsInput = Type.Object({ groupIds: IdList });
export type UserGroupsInput = Static<typeof UserGroupsInput>;

/** GET /users/{id}/resources: what the user may do, from every source of roles. */
export const UserResources = Type.Object({
  /** Holds every resource (a role with allResources). */
  all: Type.Boolean(),
  resources: Type.Array(Type.String()),
  roles: Type.Array(NamedRef),
});
export type UserResources = Static<typeof UserResources>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Columns of the user template, export and import, in order (header row of the sheet). */
export const USER_EXCEL_COLUMNS = ['username', 'name', 'email', 'phone', 'position codes', 'group codes'] as const;
/** Optional import column: the user's first password (otherwise a random one); it must be changed at sign-in. */
export const USER_EXCEL_PASSWORD_COLUMN = 'initial password';

/** GET /v1/org/{orgId}/users/files/excel. */
export const UserExportQuery = Type.Object({ subtree: Type.Optional(Type.Boolean()) });

/**
 * POST /v1/org/{orgId}/users/files/excel. `create` (default): a username that exists is a bad row.
 * `upsert`: an existing user of that username is moved into the organisation and updated from the row.
 */
export const UserImportQuery = Type.Object({ mode: Type.Optional(Type.Enum(['create', 'upsert'])) });
export type UserImportMode = NonNullable<Static<typeof UserImportQuery>['mode']>;

/** `imported`: rows written (created or, in upsert mode, updated); `updated`: how many of them were existing users. */
export const UserImportResult = Type.Object({ imported: Type.Integer(), updated: Type.Integer() });
export type UserImportResult = Static<typeof UserImportResult>;

/** One refused row of an import, in `details.rows` of the 400 VALIDATION_FAILED answer. */
export interface UserImportRowError {
  /** 1-based row number of the sheet (the header is row 1). */
  row: number;
  field: string;
  reason: string;
}
