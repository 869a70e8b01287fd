import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './paging.ts';

const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
const Name = Type.String({ minLength: 1, maxLength: 100 });
const Description = Nullable(Type.String({ maxLength: 500 }));

/** The account fields as every form and call takes them: administration, registration, the caller's own changes. */
export const AccountUsername = Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' });
export const AccountEmail = Type.String({ format: 'email', maxLength: 254 });
export const AccountPhone = Type.String({ pattern: '^\\+?[0-9 -]{5,20}$' });

/** A user as the administration console sees it (never the password hash). */
export const User = Type.Object({
  id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  actived: Type.Boolean(),
  /** Locked out after repeated sign-in failures (DELETE /users/{userId}/lock unlocks). */
  locked: Type.Boolean(),
  orgId: Nullable(Type.String()),
  orgName: Nullable(Type.String()),
  description: Description,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type User = Static<typeof User>;

export const UserInput = Type.Object({
  username: AccountUsername,
  name: Name,
  email: Type.Optional(Nullable(AccountEmail)),
  phone: Type.Optional(Nullable(AccountPhone)),
  orgId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  description: Type.Optional(Description),
  /** Required on create; an administrator-set password must be changed at the next sign-in. */
  password: Type.Optional(Type.String({ minLength: 8, maxLength: 128 })),
});
export type UserInput = Static<typeof UserInput>;

export const Group = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  description: Description,
  actived: Type.Boolean(),
  userCount: Type.Integer(),
  createdAt: Timestamp,
});
export type Group = Static<typeof Group>;
export const GroupInput = Type.Object({ code: Code, name: Name, description: Type.Optional(Description) });

export const Role = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  description: Description,
  /** Holds every resource (the super-administrator role). */
  allResources: Type.Boolean(),
  sort: Type.Integer(),
  createdAt: Timestamp,
});
export type Role = Static<typeof Role>;
export const RoleInput = Type.Object({
  code: Code,
  name: Name,
  description: Type.Optional(Description),
  sort: Type.Optional(Type.Integer()),
});

/** GET/PUT /roles/{roleId}/resources: the menu node ids (pages and elements) granted to the role. */
export const RoleResources = Type.Object({ menuIds: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 5000, uniqueItems: true }) });
export type RoleResources = Static<typeof RoleResources>;

export interface Organization {
  id: string;
  parentId: string | null;
  name: string;
  code: string;
  path: string;
  sort: number;
  description: string | null;
  hasChildren: boolean;
  children?: Organization[];
}
export const Organization = Type.Object({
  id: Type.String(),
  parentId: Nullable(Type.String()),
  name: Type.String(),
  code: Type.String(),
  /** Ids from the root, each followed by '/': '/<root>/<child>/'. */
  path: Type.String(),
  sort: Type.Integer(),
  description: Description,
  hasChildren: Type.Boolean(),
});
/** GET /v1/org/tree/whole: every organisation nested under its parent. */
export const OrganizationTreeNode = Type.Object(
  {
    ...Organization.properties,
    children: Type.Array(Type.Unsafe<Organization>({ $ref: 'OrganizationTreeNode#' })),
  },
  { $id: 'OrganizationTreeNode' },
);
export const OrganizationInput = Type.Object({
  parentId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  name: Name,
  code: Code,
  description: Type.Optional(Description),
});

export const Position = Type.Object({
  id: Type.String(),
  orgId: Nullable(Type.String()),
  orgName: Nullable(Type.String()),
  code: Type.String(),
  name: Type.String(),
  description: Description,
  sort: Type.Integer(),
  createdAt: Timestamp,
});
export type Position = Static<typeof Position>;
export const PositionInput = Type.Object({
  orgId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  code: Code,
  name: Name,
  description: Type.Optional(Description),
  sort: Type.Optional(Type.Integer()),
});

export const AuditLog = Type.Object({
  id: Type.String(),
  at: Timestamp,
  actorId: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  requestId: Nullable(Type.String()),
});
export type AuditLog = Static<typeof AuditLog>;
