import { Type, type Static } from 'typebox';
import { Role } from './identity.ts';
import { IdList, Nullable, PageQuery } from './paging.ts';

/**
 * Inputs and answers of the organisation, position, group, relation, role, menu, audit and overview
 * calls that identity.ts does not already describe.
 */
const Uuid = Type.String({ format: 'uuid' });
const Count = Type.Integer({ minimum: 0 });

export const OrgParams = Type.Object({ orgId: Uuid });
export const UserParams = Type.Object({ userId: Uuid });
export const RoleParams = Type.Object({ roleId: Uuid });

/** GET /v1/org/tree: one level, the roots when parentId is absent. */
export const OrgTreeQuery = Type.Object({ parentId: Type.Optional(Uuid) });
/** GET /v1/org/{orgId}/users: with subtree=true, the users of every organisation below it too. */
export const OrgUsersQuery = Type.Object({ ...PageQuery.properties, subtree: Type.Optional(Type.Boolean()) });

/** Drag-and-drop: the new parent (null for a root) and the position among its children, 0 first. */
export const MoveInput = Type.Object({ parentId: Nullable(Uuid), index: Type.Integer({ minimum: 0, maximum: 100_000 }) });
export type MoveInput = Static<typeof MoveInput>;

export const RoleIdsInput = Type.Object({ roleIds: IdList });
export const UserIdsInput = Type.Object({ userIds: IdList });

/** A role effective for an organisation's members; inherited when granted only to an ancestor. */
export const OwnedRole = Type.Object({ ...Role.properties, inherited: Type.Boolean() });
export type OwnedRole = Static<typeof OwnedRole>;

/** GET /v1/org/{orgId}/resource-ref: what still refers to an organisation. */
export const OrgResourceRef = Type.Object({ users: Count, secondaryUsers: Count, children: Count, positions: Count, roles: Count });
export type OrgResourceRef = Static<typeof OrgResourceRef>;

export const PositionQuery = Type.Object({ ...PageQuery.properties, orgId: Type.Optional(Uuid) });
export const PositionBrief = Type.Object({ id: Type.String(), name: Type.String(), orgId: Nullable(Type.String()) });
export type PositionBrief = Static<typeof PositionBrief>;

export const GroupQuery = Type.Object({ ...PageQuery.properties, actived: Type.Optional(Type.Boolean()) });

/** Relation calls: one side in the query or body, the ids of the other side in the body. */
export const GroupUsersQuery = Type.Object({ ...PageQuery.properties, groupId: Uuid });
export const RoleUsersQuery = Type.Object({ ...PageQuery.properties, roleId: Uuid });
export const UserIdQuery = Type.Object({ userId: Uuid });
export const RoleIdQuery = Type.Object({ roleId: Uuid });
export const GroupIdQuery = Type.Object({ groupId: Uuid });
export const GroupUsersInput = Type.Object({ groupId: Uuid, userIds: IdList });
export const RoleUsersInput = Type.Object({ roleId: Uuid, userIds: IdList });
export const RoleGroupsInput = Type.Object({ roleId: Uuid, groupIds: IdList });
/** Answer of adding or removing links: how many were actually added or removed (existing ones are skipped). */
export const LinkChange = Type.Object({ changed: Count });
export type LinkChange = Static<typeof LinkChange>;

/** POST /roles/{roleId}/copy: the new role's identity; the granted menu nodes come from the source. */
export const RoleCopyInput = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});

/** A menu node's name is one segment of its resource string, so it cannot hold ':'. */
export const MENU_NAME_PATTERN = '^[A-Za-z0-9_-]+$';
/** An element's gated call: `METHOD:/path`, e.g. `GET:/api/permission/users/{id}`. */
export const MENU_API_PATTERN = '^(GET|POST|PUT|PATCH|DELETE|HEAD):/[^\\s]*$';

const menuFields = {
  name: Type.String({ minLength: 1, maxLength: 64, pattern: MENU_NAME_PATTERN }),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  icon: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  pageIcon: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  api: Type.Optional(Type.Array(Type.String({ maxLength: 300, pattern: MENU_API_PATTERN }), { maxItems: 50, uniqueItems: true })),
  detail: Type.Optional(Type.Boolean()),
  hide: Type.Optional(Type.Boolean()),
  redirect: Type.Optional(Nullable(Type.String({ maxLength: 64, pattern: MENU_NAME_PATTERN }))),
};
/** POST /menus. Elements are leaves and carry the api entries; pages carry none. */
export const MenuInput = Type.Object({ parentId: Nullable(Uuid), type: Type.Enum(['path', 'element']), ...menuFields });
export type MenuInput = Static<typeof MenuInput>;
/** PUT /menus/{id}: a node keeps its type and place (PATCH /menus/{id}/order moves it). */
export const MenuUpdate = Type.Object(menuFields);
export type MenuUpdate = Static<typeof MenuUpdate>;

export const AuditQuery = Type.Object({
  ...PageQuery.properties,
  actorId: Type.Optional(Uuid),
  /** Matches the start of the action: `groups` gives `groups.create`, `groups.update`, … */
  action: Type.Optional(Type.String({ maxLength: 100 })),
  targetType: Type.Optional(Type.String({ maxLength: 64 })),
  targetId: Type.Optional(Type.String({ maxLength: 100 })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
});

/** GET /common/staticInfo: the overview page's counters. */
export const StaticInfo = Type.Object({
  users: Count,
  activeUsers: Count,
  groups: Count,
  roles: Count,
  organizations: Count,
  positions: Count,
  menus: Count,
});
export type StaticInfo = Static<typeof StaticInfo>;

const Ranked = Type.Object({ id: Type.String(), name: Type.String(), count: Count });
/** GET /common/stats/top: the ten organisations with most members, the ten roles with most holders. */
export const TopStats = Type.Object({ organizations: Type.Array(Ranked), roles: Type.Array(Ranked) });
export type TopStats = Static<typeof TopStats>;
