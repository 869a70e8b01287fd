import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roles, users } from './schema.ts';

/**
 * Identity administration (issue 3): organisations, groups, positions, the relations that give roles,
 * the audit log, one-time tokens for re-authentication (mfa_token), invitations and password resets.
 */
const id = () => uuid('id').primaryKey().defaultRandom();
const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();
const userRef = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const roleRef = () =>
  uuid('role_id')
    .notNull()
    .references(() => roles.id, { onDelete: 'cascade' });

/**
 * The organisation tree. `path` is the materialised path of ids from the root, each followed by '/'
 * ('/<root>/<child>/'), so a subtree is one indexed prefix match and the ancestors of a node are
 * read from its own path.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    path: text('path').notNull(),
    sort: integer('sort').notNull().default(0),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('organizations_parent_idx').on(t.parentId), index('organizations_path_idx').on(t.path.op('text_pattern_ops'))],
);

/** Users of an organisation other than their own (secondary departments). */
export const userSecondaryOrgs = pgTable(
  'user_secondary_orgs',
  {
    userId: userRef(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orgId] }), index('user_secondary_orgs_org_idx').on(t.orgId)],
);

export const groups = pgTable('groups', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  actived: boolean('actived').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const groupUsers = pgTable(
  'group_users',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_users_user_idx').on(t.userId)],
);

export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    roleId: roleRef(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.roleId] }), index('group_roles_role_idx').on(t.roleId)],
);

/** A role granted to an organisation holds for its members and the members of every sub-organisation. */
export const orgRoles = pgTable(
  'org_roles',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    roleId: roleRef(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.roleId] }), index('org_roles_role_idx').on(t.roleId)],
);

/** Positions (stations) belong to an organisation. */
export const positions = pgTable(
  'positions',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'restrict' }),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('positions_org_idx').on(t.orgId)],
);

export const userPositions = pgTable(
  'user_positions',
  {
    userId: userRef(),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.positionId] }), index('user_positions_position_idx').on(t.positionId)],
);

export const positionRoles = pgTable(
  'position_roles',
  {
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    roleId: roleRef(),
  },
  (t) => [primaryKey({ columns: [t.positionId, t.roleId] }), index('position_roles_role_idx').on(t.roleId)],
);

/** Every change made through the administration endpoints: who, when, from where, what, before and after. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    at: at('at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    ip: text('ip'),
    /** `<resource>.<verb>`, e.g. `users.update`, `roles.resources.update`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_logs_at_idx').on(t.at.desc()),
    index('audit_logs_actor_idx').on(t.actorId, t.at.desc()),
    index('audit_logs_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Short-lived, single-use proof that the user re-authenticated, for one purpose (mfa_token). */
export const mfaTokens = pgTable('mfa_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: userRef(),
  purpose: text('purpose').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** Invitations to join: confirmed through the open invite endpoints. */
export const userInvites = pgTable('user_invites', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'set null' }),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  state: text('state', { enum: ['pending', 'confirmed', 'expired'] })
    .notNull()
    .default('pending'),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Password-lost flow: a code sent to the user, exchanged for a reset token, used once. */
export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: userRef(),
  channel: text('channel', { enum: ['email', 'phone'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  resetTokenHash: text('reset_token_hash').unique(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});
