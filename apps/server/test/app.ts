import { PORTAL_CLIENT_ID, SESSION_COOKIE, type TokenResponse } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { prepareDatabase } from '../src/bootstrap.ts';
import type { Database } from '../src/platform/db/client.ts';
import { asSystem } from '../src/platform/db/actor.ts';
import { createLocalEventBus, createPostgresEventBus, type EventBus } from '../src/platform/events.ts';
import { users, userRoles } from '../src/modules/permission/tables.ts';
import { hashPassword, randomToken, sha256Base64Url } from '../src/platform/crypto.ts';
import { copyTemplateDatabase } from './databases.ts';
import { LOOPBACK_ALLOWED } from './loopback-allowed.ts';

export const ADMIN_PASSWORD = 'admin-password-1';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  events: EventBus;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh copy of the template database, seeded like a first start. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://portal.test',
    WEB_DIST_DIR: '/nonexistent',
    // Each test file's app listens for S3 on a port of its own.
    S3_PORT: '0',
    // The tests' peers (SMTP, webhook, SMS, identity provider, menu.json) listen on loopback: the
    // outbound guard reaches them only because this allows it (a test of the guard sets it to '').
    OUTBOUND_ALLOW: LOOPBACK_ALLOWED,
    ...env,
  });
  const database = await copyTemplateDatabase();
  await prepareDatabase(database, config);
  const events = database.pool ? await createPostgresEventBus(database.pool) : createLocalEventBus();
  const app = await buildApp({ config, database, events });
  await app.ready();
  return {
    app,
    database,
    events,
    config,
    async close() {
      await app.close();
      await events.close();
      await database.close();
    },
  };
}

/** Resolves once the app's job runner has run every job due now (a queued mail has been sent): no sleeping. */
export const outboxDrained = (t: TestApp): Promise<void> => t.app.jobs.settled();

/** A user with a password and, optionally, roles. */
export async function createUser(t: TestApp, input: { username?: string; password?: string; roleIds?: string[] } = {}) {
  const username = input.username ?? `user-${randomToken(6)}`;
  const password = input.password ?? 'user-password-1';
  const passwordHash = await hashPassword(password);
  return asSystem(t.database.db, async (db) => {
    const [user] = await db.insert(users).values({ username, name: username, passwordHash }).returning();
    if (!user) throw new Error('user insert failed');
    for (const roleId of input.roleIds ?? []) await db.insert(userRoles).values({ userId: user.id, roleId });
    return { ...user, password };
  });
}

export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** Signs in at the authorization server (a remembered session with `remember`); returns the session cookie. */
export async function signIn(app: FastifyInstance, username: string, password: string, remember = false): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/reception-center/oauth/jwt', payload: { username, password, remember } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!session) throw new Error('no session cookie');
  return session.value;
}

export function pkce() {
  const verifier = randomToken(48);
  return { verifier, challenge: sha256Base64Url(verifier) };
}

export function authorizeUrl(t: TestApp, challenge: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: PORTAL_CLIENT_ID,
    redirect_uri: `${t.config.publicUrl}/auth`,
    scope: 'openid profile',
    state: '42',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  return `/api/reception-center/oauth/authorize?${query}`;
}

/** Runs authorize with a signed-in session and returns the code from the redirect. */
export async function authorizationCode(t: TestApp, session: string, challenge: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: authorizeUrl(t, challenge), cookies: { [SESSION_COOKIE]: session } });
  const location = new URL(String(response.headers.location));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

/** A form-encoded request to the OAuth server's token endpoint (or its introspection). */
export function tokenRequest(t: TestApp, fields: Record<string, string>, endpoint: '/token' | '/introspect' = '/token') {
  return t.app.inject({
    method: 'POST',
    url: `/api/reception-center/oauth${endpoint}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The whole code + PKCE flow for a user: the session cookie and the token response. */
export async function signedInSession(t: TestApp, username: string, password: string, remember = false) {
  const session = await signIn(t.app, username, password, remember);
  const { verifier, challenge } = pkce();
  const code = await authorizationCode(t, session, challenge);
  const response = await tokenRequest(t, {
    grant_type: 'authorization_code',
    client_id: PORTAL_CLIENT_ID,
    code,
    code_verifier: verifier,
    redirect_uri: `${t.config.publicUrl}/auth`,
  });
  return { session, response };
}

/** The whole code + PKCE flow for a user: their token pair. */
export async function tokensFor(t: TestApp, username: string, password: string): Promise<TokenResponse> {
  const { response } = await signedInSession(t, username, password);
  if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.body}`);
  return response.json<TokenResponse>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
