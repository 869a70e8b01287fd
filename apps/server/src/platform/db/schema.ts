import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './schema-identity.ts';
import { applications } from './schema-applications.ts';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').unique(),
    phone: text('phone').unique(),
    avatar: text('avatar'),
    passwordHash: text('password_hash'),
    /** Set when an administrator set the password or it aged out: sign-in asks for a new one. */
    passwordExpired: boolean('password_expired').notNull().default(false),
    actived: boolean('actived').notNull().default(true),
    /** The user's (primary) organisation; secondary departments are in user_secondary_orgs. */
    orgId: uuid('org_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    description: text('description'),
    /** The user's handwritten signature as an image data URL (POST /users/sign). */
    signature: text('signature'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
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

export const roles = pgTable('roles', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  /** Holds every resource, present and future (the super-administrator). */
  allResources: boolean('all_resources').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

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
    id: id(),
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
    createdAt: createdAt(),
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

export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Null for a public client (PKCE only, no secret). */
  secretHash: text('secret_hash'),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  postLogoutRedirectUris: jsonb('post_logout_redirect_uris')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

export const signInSessions = pgTable(
  'sign_in_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sign_in_sessions_user_idx').on(t.userId)],
);

export const authorizationCodes = pgTable('authorization_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => signInSessions.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  scope: text('scope').notNull(),
  nonce: text('nonce'),
  /** The refresh-token chain this code started; revoked if the code is replayed. */
  familyId: uuid('family_id'),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/**
 * One row per refresh-token chain (family). The token a client holds names its chain and generation
 * and carries a MAC (see tokens/refresh-tokens.ts), so rotation is a single-row update of the
 * generation, and an authentic token of an older generation is a reuse that revokes the chain.
 */
export const refreshChains = pgTable(
  'refresh_chains',
  {
    familyId: uuid('family_id').primaryKey(),
    generation: integer('generation').notNull().default(0),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => signInSessions.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_chains_session_idx').on(t.sessionId)],
);

/** Families (chains) revoked, so every instance refuses their access tokens too. */
export const revokedFamilies = pgTable('revoked_families', {
  familyId: uuid('family_id').primaryKey(),
  revokedAt: at('revoked_at').notNull().defaultNow(),
});

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** Sign-in failure counters, per account ('user:<name>') and per address ('ip:<addr>'). */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  lastAt: at('last_at').notNull().defaultNow(),
  lockedUntil: at('locked_until'),
});

export const captchas = pgTable('captchas', {
  id: id(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** One-time tokens proving a solved captcha (the behaviour token). */
export const behaviorTokens = pgTable('behavior_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: at('expires_at').notNull(),
});

export const qrLogins = pgTable('qr_logins', {
  /** Secret held by the browser that shows the QR code and polls for the result. */
  pollHash: text('poll_hash').primaryKey(),
  /** Public id encoded in the QR code, presented by the approving signed-in session. */
  approveId: text('approve_id').notNull().unique(),
  status: text('status', { enum: ['pending', 'approved', 'consumed'] })
    .notNull()
    .default('pending'),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export * from './schema-identity.ts';
export * from './schema-messages.ts';
export * from './schema-security.ts';
export * from './schema-applications.ts';
export * from './schema-system-config.ts';
export * from '../jobs/tables.ts';
