import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ApplicationState, ApplicationType, ExternalApi, OpenType, SyncReport } from '@portal/contracts';
import { createdAtColumn, idColumn, instant } from '../../platform/db/columns.ts';

/** permission's tables: identity (users, credentials, TOTP), roles, menus, organisations, groups, positions, applications. */

const userRef = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const roleRef = () =>
  uuid('role_id')
    .notNull()
    .references(() => roles.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').unique(),
    phone: text('phone').unique(),
    avatar: text('avatar'),
    passwordHash: text('password_hash'),
    /** Set when an administrator set the password or it aged out: sign-in asks for a new one. */
    passwordExpired: boolean('password_expired').notNull().default(false),
    /** When the password was set: it ages out after the safe settings' `password.expiryDays`. */
    passwordChangedAt: instant('password_changed_at').notNull().defaultNow(),
    actived: boolean('actived').notNull().default(true),
    /** The user's (primary) organisation; secondary departments are in user_secondary_orgs. */
    orgId: uuid('org_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    description: text('description'),
    /** The user's handwritten signature as an image data URL (POST /users/sign). */
    signature: text('signature'),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('users_org_idx').on(t.orgId),
    // The user list sorts by these across all users.
    index('users_name_idx').on(t.name),
    index('users_created_at_idx').on(t.createdAt),
    // Sign-in names and addresses compare without case (uniqueness checks as one types, registration, password-lost).
    index('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * The hashes (argon2id, like users.password_hash) of the passwords a user last set, the current one
 * included, so the safe settings' `password.historyCount` can refuse them again; only that many are kept.
 */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: idColumn(),
    userId: userRef(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    /** Holds every resource, present and future (the super-administrator). */
    allResources: boolean('all_resources').notNull().default(false),
    /**
     * Set on the roles an application's authorisations are kept in (one per user, group or organisation
     * authorised, granting nodes of that application's tree only): the application's user permission
     * manages them, the role list leaves them out, and they go with the application.
     */
    applicationId: uuid('application_id').references((): AnyPgColumn => applications.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('roles_application_idx').on(t.applicationId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const menus = pgTable(
  'menus',
  {
    id: idColumn(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    title: text('title').notNull(),
    type: text('type', { enum: ['path', 'element'] }).notNull(),
    resource: text('resource').notNull().unique(),
    icon: text('icon'),
    pageIcon: text('page_icon'),
    status: text('status'),
    api: jsonb('api')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    detail: boolean('detail').notNull().default(false),
    hide: boolean('hide').notNull().default(false),
    redirect: text('redirect'),
    sort: integer('sort').notNull().default(0),
    /** Set on the nodes of an application's own menu tree (schema-applications.ts); null in the console catalogue. */
    applicationId: uuid('application_id').references((): AnyPgColumn => applications.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('menus_parent_idx').on(t.parentId), index('menus_application_idx').on(t.applicationId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/**
 * The organisation tree. `path` is the materialised path of ids from the root, each followed by '/'
 * ('/<root>/<child>/'), so a subtree is one indexed prefix match and the ancestors of a node are
 * read from its own path.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: idColumn(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    path: text('path').notNull(),
    sort: integer('sort').notNull().default(0),
    description: text('description'),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
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
  id: idColumn(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  actived: boolean('actived').notNull().default(true),
  createdAt: createdAtColumn(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
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
    id: idColumn(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'restrict' }),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
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

/** Short-lived, single-use proof that the user re-authenticated, for one purpose (mfa_token). */
export const mfaTokens = pgTable('mfa_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: userRef(),
  purpose: text('purpose').notNull(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
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
  expiresAt: instant('expires_at').notNull(),
  createdAt: createdAtColumn(),
});

/** Password-lost flow: a code sent to the user, exchanged for a reset token, used once. */
export const passwordResets = pgTable('password_resets', {
  id: idColumn(),
  userId: userRef(),
  channel: text('channel', { enum: ['email', 'phone'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  resetTokenHash: text('reset_token_hash').unique(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  createdAt: createdAtColumn(),
});

/**
 * A user's authenticator app (one per user). The shared secret is stored encrypted (AES-256-GCM
 * under a key derived from the token signing key, see totp/secret-box.ts). Until `confirmed_at`
 * is set the enrolment is pending and plays no part in sign-in.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  userId: userRef().primaryKey(),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: instant('confirmed_at'),
  /** The last time step a code was accepted for: a code of that step or before is a replay. */
  lastUsedStep: integer('last_used_step'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/**
 * The application registry (issue 4): what the workbench launches. Each application owns a root menu
 * node (`menu_id`, its resource is the instant) under which its own menu tree hangs; nodes of that
 * tree carry `menus.application_id`. The root must not vanish under the application (restrict).
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instant: text('instant').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').$type<ApplicationType>().notNull(),
    category: jsonb('category')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    pathname: text('pathname'),
    appUrl: text('app_url'),
    openType: text('open_type').$type<OpenType>().notNull().default('Current'),
    appCategory: text('app_category'),
    redirect: text('redirect'),
    icon: text('icon'),
    description: text('description'),
    state: text('state').$type<ApplicationState>().notNull().default('enabled'),
    /**
     * Issue 28: trusted by the portal, so its web client signs users in without asking their consent.
     * Set only through the edit that the applications' `update` point gates, never by an owner alone.
     */
    firstParty: boolean('first_party').notNull().default(false),
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    menuId: uuid('menu_id')
      .notNull()
      .unique()
      .references((): AnyPgColumn => menus.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('applications_owner_idx').on(t.ownerId), index('applications_sort_idx').on(t.sort, t.name)],
);

/**
 * Issue 14: a synchronisation of an application's resource tree with the one it publishes. Its id is
 * the id of the job that runs it; `tree` holds a tree given in the request (null: fetch the menu.json
 * at the appUrl); the job writes the report (or the error) once it has run.
 */
export const applicationSyncTasks = pgTable(
  'application_sync_tasks',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references((): AnyPgColumn => applications.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    tree: jsonb('tree').$type<unknown[]>(),
    status: text('status', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    report: jsonb('report').$type<SyncReport>(),
    error: text('error'),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('application_sync_tasks_application_idx').on(t.applicationId)],
);

/**
 * Issue 11: a user's accounts at external identity providers (system-config's `third` settings),
 * each named by the provider's subject. One account per provider and subject, one per user and provider.
 */
export const userExternalIdentities = pgTable(
  'user_external_identities',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    nickname: text('nickname'),
    linkedAt: instant('linked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_external_identities_subject_unique').on(t.providerId, t.subject),
    uniqueIndex('user_external_identities_provider_unique').on(t.userId, t.providerId),
  ],
);

/**
 * Issue 14: the APIs an application exposes to other applications (its own OpenAPI operations),
 * one per method and path template. Parameters and responses are kept as the OpenAPI document wrote them.
 */
export const applicationApis = pgTable(
  'application_apis',
  {
    id: idColumn(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    summary: text('summary'),
    description: text('description'),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    parameters: jsonb('parameters')
      .$type<object[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The OpenAPI request body object, as declared; null for a call without one. */
    requestBody: jsonb('request_body').$type<NonNullable<ExternalApi['requestBody']>>(),
    responses: jsonb('responses')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('application_apis_path_unique').on(t.applicationId, t.method, t.path)],
);

/**
 * Issue 14 ("apis authorization"): another application may call one API until `expires_at` (null:
 * no end). Expiry is checked when asked, so nothing has to sweep expired rows.
 */
export const applicationApiAuthorizations = pgTable(
  'application_api_authorizations',
  {
    id: idColumn(),
    apiId: uuid('api_id')
      .notNull()
      .references(() => applicationApis.id, { onDelete: 'cascade' }),
    callerApplicationId: uuid('caller_application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at'),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('application_api_authorizations_caller_unique').on(t.apiId, t.callerApplicationId),
    index('application_api_authorizations_caller_idx').on(t.callerApplicationId),
  ],
);

/**
 * Issue 14: page models, the stored definitions the page designer edits. A name is unique within its
 * application; each save adds a version (page_model_versions), `currentVersion` is the newest.
 */
export const pageModels = pgTable(
  'page_models',
  {
    id: idColumn(),
    applicationId: uuid('application_id')
      .notNull()
      .references((): AnyPgColumn => applications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    currentVersion: integer('current_version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_models_application_name_unique').on(t.applicationId, t.name)],
);

/** Every saved definition of a page model; never edited, gone with its model. */
export const pageModelVersions = pgTable(
  'page_model_versions',
  {
    pageModelId: uuid('page_model_id')
      .notNull()
      .references(() => pageModels.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.pageModelId, t.version] })],
);
