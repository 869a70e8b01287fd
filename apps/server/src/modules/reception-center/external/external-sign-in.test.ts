import { SESSION_COOKIE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationCode, authorizeUrl, bearer, createUser, pkce } from '../../../../test/app.ts';
import { signedInUser } from '../../../../test/factories/account.ts';
import {
  callback,
  configureProvider,
  cookiesOf,
  linkRow,
  sessionOf,
  signInThrough,
  startAt,
  startLinkAt,
  throughProvider,
} from '../../../../test/factories/external-sign-in.ts';
import { restoreDefaultSettings, setSafe } from '../../../../test/factories/settings.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { enrolTotp } from '../../../../test/factories/totp.ts';
import { startOidcPeer, type OidcPeer } from '../../../../test/oidc-peer.ts';
import { externalSignInFlows, signInTickets, userExternalIdentities, users } from '../../../../test/tables.ts';
import { sha256, sha256Base64Url } from '../../../platform/crypto.ts';
import { asSystem } from '../../../platform/db/actor.ts';
import { BIND_COOKIE } from './bind-tickets.ts';

const { t } = appPerFile();
let peer: OidcPeer;
const client = { id: 'portal-rp', secret: 'peer-secret-1' };
beforeAll(async () => {
  peer = await startOidcPeer(client);
  await configureProvider(t, { issuer: peer.issuer, clientId: client.id, clientSecret: client.secret });
});
afterAll(() => peer.close());

const options = (autoLink: boolean, createAccounts: boolean) =>
  configureProvider(t, { issuer: peer.issuer, clientId: client.id, clientSecret: client.secret }, { autoLink, createAccounts });
const returnTo = () => authorizeUrl(t, pkce().challenge);
const locationOf = (response: { headers: Record<string, unknown> }) => new URL(String(response.headers.location), 'http://portal.test');
const linksOf = (userId: string) => t.database.db.select().from(userExternalIdentities).where(eq(userExternalIdentities.userId, userId));
let subjects = 0;
const nextSubject = () => `subject-${++subjects}`;

describe('signing in through an external provider', () => {
  it('sends the browser to the provider with PKCE S256, a state and a nonce, kept server-side', async () => {
    const authorization = await startAt(t, returnTo());
    expect(authorization.origin + authorization.pathname).toBe(`${peer.issuer}/authorize`);
    const q = authorization.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      client_id: client.id,
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: 'http://portal.test/api/reception-center/oauth/third/callback',
      scope: 'openid profile email',
    });
    const [flow] = await t.database.db
      .select()
      .from(externalSignInFlows)
      .where(eq(externalSignInFlows.stateHash, sha256(q.get('state') ?? '')));
    expect(flow).toMatchObject({ purpose: 'sign-in', providerId: 'corp', nonce: q.get('nonce') });
    expect(sha256Base64Url(flow?.codeVerifier ?? '')).toBe(q.get('code_challenge'));
  });

  it('signs a linked identity in and continues into authorize, like a password sign-in', async () => {
    const user = await createUser(t);
    const subject = nextSubject();
    await linkRow(t, user.id, subject);
    peer.user = { sub: subject };
    const { challenge } = pkce();
    const back = authorizeUrl(t, challenge);
    const response = await signInThrough(t, back);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(back);
    const session = sessionOf(response);
    expect(session).toBeTruthy();
    expect(await authorizationCode(t, session!, challenge)).toEqual(expect.any(String));
  });

  it('refuses a replayed state, a response from another browser and an ID token with another nonce', async () => {
    const user = await createUser(t);
    const subject = nextSubject();
    await linkRow(t, user.id, subject);
    peer.user = { sub: subject };
    const back = await throughProvider(await startAt(t, returnTo()));
    expect(sessionOf(await callback(t, back))).toBeTruthy();
    const replayed = await callback(t, back);
    expect(locationOf(replayed).searchParams.get('third_error')).toBe('expired');
    expect(sessionOf(replayed)).toBeUndefined();

    // An authorization response planted in another browser (no flow cookie) finishes nothing.
    const planted = await callback(t, await throughProvider(await startAt(t, returnTo())), {});
    expect(locationOf(planted).searchParams.get('third_error')).toBe('expired');
    expect(sessionOf(planted)).toBeUndefined();

    peer.bend.nonce = 'not-the-nonce';
    const wrongNonce = await signInThrough(t, returnTo());
    peer.bend = {};
    expect(locationOf(wrongNonce).pathname).toBe('/login');
    expect(locationOf(wrongNonce).searchParams.get('third_error')).toBe('failed');
    expect(sessionOf(wrongNonce)).toBeUndefined();
  });

  it('links on a verified email when automatic linking is on; an unverified one waits for the password', async () => {
    await options(true, false);
    const owner = await signedInUser(t, { email: 'owner@example.test' });
    const verified = nextSubject();
    peer.user = { sub: verified, email: 'Owner@example.test', email_verified: true };
    const signedIn = await signInThrough(t, returnTo());
    expect(sessionOf(signedIn)).toBeTruthy();
    expect((await linksOf(owner.id)).map((link) => link.subject)).toEqual([verified]);

    const other = await signedInUser(t, { email: 'other@example.test' });
    peer.user = { sub: nextSubject(), email: 'other@example.test', email_verified: false };
    const waiting = await signInThrough(t, returnTo());
    expect(sessionOf(waiting)).toBeUndefined();
    const login = locationOf(waiting);
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('bind')).toBe('corp');
    expect(login.searchParams.get('return_to')).toMatch(/^\/api\/reception-center\/oauth\/third\/bind\?return_to=/);
    expect(cookiesOf(waiting)[BIND_COOKIE]).toBeTruthy();
    expect(await linksOf(other.id)).toEqual([]);
    await options(false, false);
  });

  it('links a waiting identity once its owner signs in with the password, in the same browser only', async () => {
    const user = await createUser(t);
    const subject = nextSubject();
    peer.user = { sub: subject };
    const waiting = await signInThrough(t, returnTo());
    const bindCookie = cookiesOf(waiting)[BIND_COOKIE] ?? '';
    const bindPath = locationOf(waiting).searchParams.get('return_to') ?? '';
    // Another browser's session (no bind cookie) binds nothing.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/jwt',
      query: { return_to: bindPath },
      payload: { username: user.username, password: user.password },
    });
    expect(password.json()).toEqual({ redirect: bindPath });
    const session = sessionOf(password) ?? '';
    const without = await t.app.inject({ method: 'GET', url: bindPath, cookies: { [SESSION_COOKIE]: session } });
    expect(locationOf(without).searchParams.get('reason')).toBe('expired');
    const bound = await t.app.inject({ method: 'GET', url: bindPath, cookies: { ...cookiesOf(password), [BIND_COOKIE]: bindCookie } });
    const result = locationOf(bound);
    expect(result.pathname).toBe('/boundAccountResult');
    expect(Object.fromEntries(result.searchParams)).toMatchObject({ result: 'success', type: 'corp' });
    expect(result.searchParams.get('return_to')).toMatch(/^\/api\/reception-center\/oauth\/authorize\?/);
    expect((await linksOf(user.id)).map((link) => link.subject)).toEqual([subject]);
    // The ticket is spent.
    const again = await t.app.inject({ method: 'GET', url: bindPath, cookies: { ...cookiesOf(password), [BIND_COOKIE]: bindCookie } });
    expect(locationOf(again).searchParams.get('reason')).toBe('expired');
  });

  it('binds only with a session started after the ticket', async () => {
    const user = await createUser(t);
    const earlier = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/jwt',
      payload: { username: user.username, password: user.password },
    });
    peer.user = { sub: nextSubject() };
    const waiting = await signInThrough(t, returnTo());
    const bindPath = locationOf(waiting).searchParams.get('return_to') ?? '';
    const stale = await t.app.inject({ method: 'GET', url: bindPath, cookies: { ...cookiesOf(earlier), ...cookiesOf(waiting) } });
    expect(locationOf(stale).searchParams.get('reason')).toBe('expired');
    expect(await linksOf(user.id)).toEqual([]);
  });

  it('creates an account without a password for an unknown identity when allowed', async () => {
    await options(false, true);
    const subject = nextSubject();
    peer.user = { sub: subject, preferred_username: 'newcomer', name: 'New Comer', email: 'newcomer@example.test', email_verified: true };
    const response = await signInThrough(t, returnTo());
    expect(sessionOf(response)).toBeTruthy();
    const [created] = await t.database.db.select().from(users).where(eq(users.username, 'newcomer'));
    // The provider's email is not kept on the account (auto-link.test.ts: nothing beyond the defaults).
    expect(created).toMatchObject({ name: 'New Comer', email: null, passwordHash: null });
    expect((await linksOf(created!.id)).map((link) => link.subject)).toEqual([subject]);
    await options(false, false);
  });

  it('refuses a disabled account, and sends an account with an authenticator app to the code step', async () => {
    const disabled = await createUser(t);
    const subject = nextSubject();
    await linkRow(t, disabled.id, subject);
    await asSystem(t.database.db, (db) => db.update(users).set({ actived: false }).where(eq(users.id, disabled.id)));
    peer.user = { sub: subject };
    const refused = await signInThrough(t, returnTo());
    expect(locationOf(refused).searchParams.get('third_error')).toBe('disabled');
    expect(sessionOf(refused)).toBeUndefined();

    const withApp = await signedInUser(t);
    await enrolTotp(t, withApp);
    const second = nextSubject();
    await linkRow(t, withApp.id, second);
    peer.user = { sub: second };
    const codeStep = await signInThrough(t, returnTo());
    expect(sessionOf(codeStep)).toBeUndefined();
    const ticket = locationOf(codeStep).searchParams.get('totp_ticket') ?? '';
    const [stored] = await t.database.db
      .select()
      .from(signInTickets)
      .where(eq(signInTickets.ticketHash, sha256(ticket)));
    expect(stored?.userId).toBe(withApp.id);
  });

  it('sends an account the settings require an authenticator app of to its set-up, with no session', async () => {
    await setSafe(t, { mfaRequired: 'everyone' });
    try {
      const user = await createUser(t);
      const subject = nextSubject();
      await linkRow(t, user.id, subject);
      peer.user = { sub: subject };
      const enrolStep = await signInThrough(t, returnTo());
      expect(sessionOf(enrolStep)).toBeUndefined();
      const location = locationOf(enrolStep);
      expect(location.searchParams.get('totp_ticket')).toBeNull();
      const [stored] = await t.database.db
        .select()
        .from(signInTickets)
        .where(eq(signInTickets.ticketHash, sha256(location.searchParams.get('enrol_ticket') ?? '')));
      expect(stored?.userId).toBe(user.id);
    } finally {
      await restoreDefaultSettings(t);
    }
  });
});

describe('linking from the personal centre', () => {
  it('links the caller’s account at the provider, and refuses one linked to someone else', async () => {
    const user = await signedInUser(t);
    const subject = nextSubject();
    peer.user = { sub: subject };
    const done = await callback(t, await throughProvider(await startLinkAt(t, user.headers)));
    expect(Object.fromEntries(locationOf(done).searchParams)).toEqual({ result: 'success', type: 'corp' });
    expect((await linksOf(user.id)).map((link) => link.subject)).toEqual([subject]);

    const other = await signedInUser(t);
    const taken = await callback(t, await throughProvider(await startLinkAt(t, other.headers)));
    expect(Object.fromEntries(locationOf(taken).searchParams)).toEqual({ result: 'failure', type: 'corp', reason: 'already_bound' });
  });

  it('refuses bad input', async () => {
    const user = await signedInUser(t);
    const inject = (method: 'GET' | 'POST', url: string, headers = {}) => t.app.inject({ method, url, headers });
    expect((await inject('GET', '/api/reception-center/oauth/third/nobody/start')).statusCode).toBe(404);
    expect((await inject('GET', '/api/reception-center/oauth/third/Not%20An%20Id/start')).statusCode).toBe(400);
    expect((await inject('POST', '/api/reception-center/oauth/third/corp/link')).statusCode).toBe(401);
    expect((await inject('POST', '/api/reception-center/oauth/third/nobody/link', bearer(user.tokens.access_token))).statusCode).toBe(404);
    const noState = await inject('GET', '/api/reception-center/oauth/third/callback?code=x');
    expect(locationOf(noState).searchParams.get('third_error')).toBe('expired');
    const forged = await inject('GET', '/api/reception-center/oauth/third/callback?code=x&state=forged');
    expect(locationOf(forged).searchParams.get('third_error')).toBe('expired');
    const long = await inject('GET', `/api/reception-center/oauth/third/callback?state=${'x'.repeat(300)}`);
    expect(long.statusCode).toBe(400);
    const noTicket = await inject('GET', '/api/reception-center/oauth/third/bind');
    expect(Object.fromEntries(locationOf(noTicket).searchParams)).toEqual({ result: 'failure', reason: 'expired' });
  });
});
