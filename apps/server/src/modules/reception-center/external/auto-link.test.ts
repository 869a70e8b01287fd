import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, authorizeUrl, createUser, pkce } from '../../../../test/app.ts';
import { configureProvider, cookiesOf, linkRow, sessionOf, signInThrough } from '../../../../test/factories/external-sign-in.ts';
import { adminHeaders, adminId, auditOf, makeRole } from '../../../../test/factories/identity.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { signedInWithRoles } from '../../../../test/factories/users.ts';
import { startOidcPeer, type OidcPeer } from '../../../../test/oidc-peer.ts';
import { identityProviders, userExternalIdentities, userRoles, users } from '../../../../test/tables.ts';
import { asSystem } from '../../../platform/db/actor.ts';

/**
 * Automatic linking by email is as strong as resetting the account's password: it reaches only
 * accounts that the provider's last editor and whoever turned it on could act on, never an
 * administrator's, and only on a verified email. Replayed with an account holding nothing but the
 * identity-provider settings point (systemSetting:third), running its own provider on loopback.
 */
const { t } = appPerFile();
const client = { id: 'portal-rp', secret: 'peer-secret-1' };
let corp: OidcPeer;
let attacker: OidcPeer;
beforeAll(async () => {
  [corp, attacker] = await Promise.all([startOidcPeer(client), startOidcPeer(client)]);
});
afterAll(() => Promise.all([corp.close(), attacker.close()]));

const THIRD_POINT = 'systemManage:systemSetting:third';
const peerOf = (peer: OidcPeer) => ({ issuer: peer.issuer, clientId: client.id, clientSecret: client.secret });
const autoLinkOn = { autoLink: true, createAccounts: false };
const locationOf = (response: { headers: Record<string, unknown> }) => new URL(String(response.headers.location), 'http://portal.test');
const returnTo = () => authorizeUrl(t, pkce().challenge);
const linksOf = (userId: string) => t.database.db.select().from(userExternalIdentities).where(eq(userExternalIdentities.userId, userId));
const holdersOf = (subject: string) =>
  t.database.db.select().from(userExternalIdentities).where(eq(userExternalIdentities.subject, subject));
const userTotal = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n;
const withEmail = (userId: string, email: string) =>
  asSystem(t.database.db, (db) => db.update(users).set({ email }).where(eq(users.id, userId)));
let emails = 0;
const nextEmail = () => `person-${++emails}@example.test`;

/** PUT the linking options as whoever the headers sign in: the answer. */
const saveOptions = (headers: Record<string, string>, options: { autoLink: boolean; createAccounts: boolean }) =>
  t.app.inject({ method: 'PUT', url: '/api/system-config/third/portal', headers, payload: options });

/** A user holding only the identity-provider settings point, signed in. */
async function thirdEditor() {
  return signedInWithRoles(t, [(await makeRole(t, { resources: [THIRD_POINT] })).id]);
}

/** A user holding these resources (none: an ordinary member of staff), with a fresh email. */
async function personHolding(resources: string[] = []) {
  const roleIds = resources.length ? [(await makeRole(t, { resources })).id] : [];
  const user = await createUser(t, { roleIds });
  const email = nextEmail();
  await withEmail(user.id, email);
  return { ...user, email };
}

/** The provider vouches for this email as verified, and the browser comes back from it: the callback's answer. */
async function arrivingAs(peer: OidcPeer, providerId: string, claims: { sub: string; email: string; email_verified: boolean }) {
  peer.user = claims;
  return signInThrough(t, returnTo(), undefined, providerId);
}

/** Nobody was signed in and nothing linked: the browser goes on to the password to bind, as for an unknown identity. */
async function expectNotLinked(response: Awaited<ReturnType<typeof arrivingAs>>, target: { id: string }, subject: string) {
  expect(sessionOf(response)).toBeUndefined();
  const login = locationOf(response);
  expect(login.pathname).toBe('/login');
  expect(login.searchParams.get('bind')).toBeTruthy();
  expect(await linksOf(target.id)).toEqual([]);
  expect(await holdersOf(subject)).toEqual([]);
}

describe('automatic linking by email', () => {
  it('replays the attack: a provider set up by the holder of the settings point does not sign in as the administrator', async () => {
    const editor = await thirdEditor();
    const admin = await adminId(t);
    await withEmail(admin, 'root@portal.test');
    const linksBefore = await linksOf(admin);
    const usersBefore = await userTotal();
    // Everything the point allows: automatic linking and new accounts on, a provider the attacker runs.
    await configureProvider(t, { id: 'evil', ...peerOf(attacker) }, { autoLink: true, createAccounts: true }, editor.headers);

    const response = await arrivingAs(attacker, 'evil', { sub: 'root-at-evil', email: 'Root@portal.test', email_verified: true });
    await expectNotLinked(response, { id: admin }, 'root-at-evil');
    expect(await linksOf(admin)).toEqual(linksBefore);
    // Not a second account for that person either: the bind ticket leads only to the password.
    expect(await userTotal()).toBe(usersBefore);
    const [refused] = await auditOf(t, 'users.third.auto-link.refused', admin);
    expect(refused?.after).toMatchObject({
      providerId: 'evil',
      subject: 'root-at-evil',
      reason: 'administrator',
      providerEditor: editor.user.id,
      autoLinkEnabler: editor.user.id,
    });
  });

  it('an administrator links their own account by signing in with the password once, then signs in through the provider', async () => {
    await configureProvider(t, { id: 'corp', ...peerOf(corp) }, autoLinkOn);
    const admin = await adminId(t);
    await withEmail(admin, 'root@portal.test');
    // Even a provider the super-administrator set up does not open an administrator's account by email.
    const waiting = await arrivingAs(corp, 'corp', { sub: 'admin-at-corp', email: 'root@portal.test', email_verified: true });
    await expectNotLinked(waiting, { id: admin }, 'admin-at-corp');
    const bindPath = locationOf(waiting).searchParams.get('return_to') ?? '';
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/jwt',
      query: { return_to: bindPath },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const bound = await t.app.inject({ method: 'GET', url: bindPath, cookies: { ...cookiesOf(password), ...cookiesOf(waiting) } });
    expect(Object.fromEntries(locationOf(bound).searchParams)).toMatchObject({ result: 'success', type: 'corp' });
    expect((await linksOf(admin)).map((link) => link.subject)).toEqual(['admin-at-corp']);
    expect(
      sessionOf(await arrivingAs(corp, 'corp', { sub: 'admin-at-corp', email: 'root@portal.test', email_verified: true })),
    ).toBeTruthy();
  });

  it('a narrow editor’s provider links only ordinary users within their reach, and only on a verified email', async () => {
    const editor = await thirdEditor();
    await configureProvider(t, { id: 'narrow', ...peerOf(attacker) }, autoLinkOn, editor.headers);
    /** `reason` null: the email is not said to be verified, so automatic linking is not even tried. */
    const refusedTo = async (target: { id: string; email: string }, reason: 'administrator' | 'beyond_reach' | null) => {
      const subject = `${target.id}-at-narrow`;
      const claims = { sub: subject, email: target.email, email_verified: reason !== null };
      await expectNotLinked(await arrivingAs(attacker, 'narrow', claims), target, subject);
      const [audited] = await auditOf(t, 'users.third.auto-link.refused', target.id);
      if (reason) expect(audited?.after).toMatchObject({ reason, providerEditor: editor.user.id });
      else expect(audited).toBeUndefined();
    };
    // Administration points: one the editor holds too, and one beyond them.
    await refusedTo(await personHolding([THIRD_POINT]), 'administrator');
    await refusedTo(await personHolding(['messageCenter:messageRecord']), 'administrator');
    // No administration point, but something the editor does not hold: outside their reach.
    await refusedTo(await personHolding(['dataShoppingCart']), 'beyond_reach');
    // Within reach, but the provider does not say the email is verified.
    await refusedTo(await personHolding(), null);

    const ordinary = await personHolding();
    const signedIn = await arrivingAs(attacker, 'narrow', { sub: 'ordinary-at-narrow', email: ordinary.email, email_verified: true });
    expect(sessionOf(signedIn)).toBeTruthy();
    expect((await linksOf(ordinary.id)).map((link) => link.subject)).toEqual(['ordinary-at-narrow']);
  });

  it('the last editor counts: a provider or the options saved by someone holding less narrow whom it links', async () => {
    const editor = await thirdEditor();
    const cartHolder = () => personHolding(['dataShoppingCart']);
    const arrive = async (target: { id: string; email: string }) => {
      const subject = `${target.id}-at-corp`;
      return { subject, response: await arrivingAs(corp, 'corp', { sub: subject, email: target.email, email_verified: true }) };
    };
    // Saved by the super-administrator: within their reach.
    await configureProvider(t, { id: 'corp', ...peerOf(corp) }, autoLinkOn);
    const first = await cartHolder();
    expect(sessionOf((await arrive(first)).response)).toBeTruthy();

    // The narrow editor renames the provider: now its last editor.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/system-config/third/portal/providers/corp',
      headers: editor.headers,
      payload: { name: 'Corporate', icon: null, scopes: ['profile', 'email'], enabled: true, issuer: corp.issuer, clientId: client.id },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const second = await cartHolder();
    const afterRename = await arrive(second);
    await expectNotLinked(afterRename.response, second, afterRename.subject);

    // The super-administrator saves the provider again, but the narrow editor saves automatic linking on.
    await configureProvider(t, { id: 'corp', ...peerOf(corp) }, autoLinkOn);
    const options = await saveOptions(editor.headers, autoLinkOn);
    expect(options.statusCode).toBe(200);
    const third = await cartHolder();
    const afterOptions = await arrive(third);
    await expectNotLinked(afterOptions.response, third, afterOptions.subject);

    await configureProvider(t, { id: 'corp', ...peerOf(corp) }, autoLinkOn);
    const fourth = await cartHolder();
    expect(sessionOf((await arrive(fourth)).response)).toBeTruthy();
  });

  it('records who turned automatic linking on', async () => {
    const editor = await thirdEditor();
    const saved = await saveOptions(editor.headers, autoLinkOn);
    expect(saved.statusCode).toBe(200);
    const [entry] = await auditOf(t, 'third-options.update', 'third');
    expect(entry).toMatchObject({ actorId: editor.user.id, actorName: editor.user.username });
    expect(entry?.after).toMatchObject({ autoLink: true, autoLinkBy: editor.user.id });
    const off = await saveOptions(await adminHeaders(t), { autoLink: false, createAccounts: false });
    expect(off.statusCode).toBe(200);
    expect((await auditOf(t, 'third-options.update', 'third'))[0]?.after).toMatchObject({ autoLink: false, autoLinkBy: null });
  });
});

describe('whom a provider vouches for', () => {
  it('is changed (issuer, client id) only by someone who could act on every account linked to it', async () => {
    const editor = await thirdEditor();
    await configureProvider(t, { id: 'repoint', ...peerOf(corp) });
    await linkRow(t, await adminId(t), 'admin-at-repoint', 'repoint');
    const body = { name: 'Repointed', icon: null, scopes: ['profile', 'email'], enabled: true, clientId: client.id };
    const put = (issuer: string, headers: Record<string, string>, clientId = client.id) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/system-config/third/portal/providers/repoint',
        headers,
        payload: { ...body, issuer, clientId },
      });
    const before = await t.database.db.select().from(identityProviders).where(eq(identityProviders.id, 'repoint'));

    const moved = await put(attacker.issuer, editor.headers);
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toMatchObject({ details: { field: 'body.issuer', accountsBeyondReach: 1 } });
    expect((await put(corp.issuer, editor.headers, 'another-client')).statusCode).toBe(403);
    expect(await t.database.db.select().from(identityProviders).where(eq(identityProviders.id, 'repoint'))).toEqual(before);

    // The label is theirs to change; repointing is the super-administrator's, who may act on everyone linked.
    expect((await put(corp.issuer, editor.headers)).statusCode).toBe(200);
    expect((await put(attacker.issuer, await adminHeaders(t))).statusCode).toBe(200);
  });
});

describe('an account a provider creates', () => {
  it('gets nothing beyond a new account’s defaults: no email from the claims, no password, role or organisation', async () => {
    await configureProvider(t, { id: 'corp', ...peerOf(corp) }, { autoLink: false, createAccounts: true });
    corp.user = {
      sub: 'fresh-at-corp',
      preferred_username: 'fresh-person',
      name: 'Fresh',
      email: 'fresh@example.test',
      email_verified: true,
    };
    const response = await signInThrough(t, returnTo());
    expect(sessionOf(response)).toBeTruthy();
    const [created] = await t.database.db.select().from(users).where(eq(users.username, 'fresh-person'));
    expect(created).toMatchObject({ name: 'Fresh', email: null, phone: null, passwordHash: null, orgId: null });
    expect(await t.database.db.select().from(userRoles).where(eq(userRoles.userId, created!.id))).toEqual([]);
    await configureProvider(t, { id: 'corp', ...peerOf(corp) });
  });
});
