import type { ClientGrantType } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applicationReference, userReference } from '../permission/references.ts';
import { createdAtColumn, idColumn, instant } from '../../platform/db/columns.ts';

/** The grant types a client may be registered for (RFC 6749); the token endpoint refuses the others. */
export type GrantType = ClientGrantType;

/** reception-center's tables. */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Null for a public client (PKCE only, no secret). */
    secretHash: text('secret_hash'),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
    postLogoutRedirectUris: jsonb('post_logout_redirect_uris')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What the token endpoint lets this client ask for; the portal's and operators' clients do the code flow. */
    grantTypes: jsonb('grant_types')
      .$type<GrantType[]>()
      .notNull()
      .default(sql`'["authorization_code","refresh_token"]'::jsonb`),
    /** The application this client signs in (web) or acts as (machine); null for the portal's and operators' clients. */
    applicationId: uuid('application_id').references(applicationReference, { onDelete: 'cascade' }),
    /** 'web': a user signs in through it (code + PKCE); 'machine': the application itself (client_credentials). */
    kind: text('kind', { enum: ['web', 'machine'] }),
    /** When its secret last changed (rotated, or the client made confidential or public): machine tokens issued before are inactive. */
    secretChangedAt: instant('secret_changed_at'),
    /**
     * Introspection answers this client about tokens issued to any client (a resource server of the
     * portal's own tokens); without it, only about tokens meant for it (oauth/introspection.ts). Set by
     * an operator only (`npm run oauth-client -- --introspect-any`).
     */
    introspectAny: boolean('introspect_any').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  // An application has at most one client of each kind.
  (t) => [uniqueIndex('oauth_clients_application_kind_idx').on(t.applicationId, t.kind)],
);

export const signInSessions = pgTable(
  'sign_in_sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
    /** Its last use (sign-in, authorize, token refresh): the auth settings' `sessionIdleMinutes` count from here. */
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('sign_in_sessions_user_idx').on(t.userId)],
);

export const authorizationCodes = pgTable('authorization_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => signInSessions.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  scope: text('scope').notNull(),
  nonce: text('nonce'),
  /** The refresh-token chain this code started; revoked if the code is replayed. */
  familyId: uuid('family_id'),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  createdAt: createdAtColumn(),
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
    userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    expiresAt: instant('expires_at').notNull(),
    rotatedAt: instant('rotated_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('refresh_chains_session_idx').on(t.sessionId)],
);

/** Families (chains) revoked, so every instance refuses their access tokens too. */
export const revokedFamilies = pgTable('revoked_families', {
  familyId: uuid('family_id').primaryKey(),
  revokedAt: instant('revoked_at').notNull().defaultNow(),
});

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAtColumn(),
});

/** Sign-in failure counters, per account ('user:<name>') and per address ('ip:<addr>'). */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  lastAt: instant('last_at').notNull().defaultNow(),
  lockedUntil: instant('locked_until'),
});

export const captchas = pgTable('captchas', {
  id: idColumn(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: instant('expires_at').notNull(),
});

/** One-time tokens proving a solved captcha (the behaviour token). */
export const behaviorTokens = pgTable('behavior_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: instant('expires_at').notNull(),
});

export const qrLogins = pgTable('qr_logins', {
  /** Secret held by the browser that shows the QR code and polls for the result. */
  pollHash: text('poll_hash').primaryKey(),
  /** Public id encoded in the QR code, presented by the approving signed-in session. */
  approveId: text('approve_id').notNull().unique(),
  status: text('status', { enum: ['pending', 'approved', 'consumed'] })
    .notNull()
    .default('pending'),
  userId: uuid('user_id').references(userReference, { onDelete: 'cascade' }),
  expiresAt: instant('expires_at').notNull(),
  createdAt: createdAtColumn(),
});

/**
 * A password sign-in waiting for its authentication code (POST /oauth/jwt → /oauth/jwt/totp).
 * Only the ticket's hash is kept; it is deleted when used, and dies after a few wrong codes.
 */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_tickets_user_idx').on(t.userId)],
);

/**
 * Issue 12: the last sign-in code asked for a phone number (spaces and dashes removed), one row per
 * number. A number no active user has gets a row too, without a code: the one-per-minute limit
 * answers alike for every number. Only the code's hash (with the user's id) is kept; it is cleared
 * when used, and after too many wrong tries.
 */
export const smsSignInCodes = pgTable('sms_sign_in_codes', {
  phone: text('phone').primaryKey(),
  userId: uuid('user_id').references(userReference, { onDelete: 'cascade' }),
  codeHash: text('code_hash'),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  sentAt: instant('sent_at').notNull().defaultNow(),
  expiresAt: instant('expires_at').notNull(),
});

/**
 * Issue 11: a sign-in or link through an external identity provider, from the redirect to it until
 * its callback. Kept here, not in the browser: the state (by hash), the PKCE verifier and the nonce
 * the callback is checked against; deleted by the callback that spends it, dead after ten minutes.
 */
export const externalSignInFlows = pgTable('external_sign_in_flows', {
  stateHash: text('state_hash').primaryKey(),
  providerId: text('provider_id').notNull(),
  purpose: text('purpose', { enum: ['sign-in', 'link'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** The account being linked (purpose link). */
  userId: uuid('user_id').references(userReference, { onDelete: 'cascade' }),
  returnTo: text('return_to'),
  expiresAt: instant('expires_at').notNull(),
  createdAt: createdAtColumn(),
});

/**
 * An identity a provider vouched for that no account holds yet, waiting for its owner to sign in
 * with a password once to link it. The ticket travels only in an HttpOnly cookie (by hash here).
 */
export const externalBindTickets = pgTable('external_bind_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  providerId: text('provider_id').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  nickname: text('nickname'),
  expiresAt: instant('expires_at').notNull(),
  createdAt: createdAtColumn(),
});

/**
 * Issue 28: a user's consent to a client of an application not marked first-party, asked once on the
 * consent page and remembered for the scopes granted so far (a wider request asks again). Revoking it
 * in the personal centre deletes the row and ends the refresh-token chains that client holds for the user.
 */
export const oauthConsents = pgTable(
  'oauth_consents',
  {
    userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    grantedAt: instant('granted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/**
 * An authorize request waiting for the user's answer on the consent page: the request as authorize
 * checked it, kept here rather than in the browser's address so it cannot be altered, bound to the
 * sign-in session that made it, spent by the one answer (allow or deny), dead after ten minutes.
 * Only the ticket's hash is kept.
 */
export const oauthConsentTickets = pgTable(
  'oauth_consent_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => signInSessions.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    scope: text('scope').notNull(),
    state: text('state'),
    nonce: text('nonce'),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('oauth_consent_tickets_session_idx').on(t.sessionId), index('oauth_consent_tickets_expires_idx').on(t.expiresAt)],
);
