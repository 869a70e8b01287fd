import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../../test/app.ts';
import { mfaToken, signedInUser } from '../../../../../test/factories/account.ts';
import { configureProvider, linkRow } from '../../../../../test/factories/external-sign-in.ts';
import { adminId, makeRole, superAdminRoleId, useAdminApp } from '../../../../../test/factories/identity.ts';
import { enrolTotp } from '../../../../../test/factories/totp.ts';
import { signedInWithRoles, USER_PAGE } from '../../../../../test/factories/users.ts';
import { startOidcPeer, type OidcPeer } from '../../../../../test/oidc-peer.ts';
import { userExternalIdentities, users } from '../../../../../test/tables.ts';
import { asSystem } from '../../../../platform/db/actor.ts';

const { t, admin } = useAdminApp();
let peer: OidcPeer;
beforeAll(async () => {
  peer = await startOidcPeer({ id: 'rp', secret: 'rp-secret-1' });
  await configureProvider(t, { issuer: peer.issuer, clientId: 'rp', clientSecret: 'rp-secret-1' });
});
afterAll(() => peer.close());

const linksOf = (userId: string) => t.database.db.select().from(userExternalIdentities).where(eq(userExternalIdentities.userId, userId));
const withoutPassword = (userId: string) =>
  asSystem(t.database.db, (db) => db.update(users).set({ passwordHash: null }).where(eq(users.id, userId)));

describe('GET /users/self/third and /users/third/{id}', () => {
  it('lists the linked accounts with the provider’s label', async () => {
    const user = await signedInUser(t);
    await linkRow(t, user.id, 'alice-at-corp');
    const own = await t.app.inject({ method: 'GET', url: '/api/permission/users/self/third', headers: user.headers });
    expect(own.json()).toEqual([
      expect.objectContaining({ type: 'corp', providerName: 'Sign in with corp', openId: 'alice-at-corp', boundAt: expect.any(String) }),
    ]);
    const ofUser = await admin({ method: 'GET', url: `/users/third/${user.id}` });
    expect(ofUser.json()).toEqual(own.json());
    expect((await admin({ method: 'GET', url: '/users/third/not-a-uuid' })).statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: '/users/third/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });
});

describe('POST and DELETE /users/{userId}/third/{openId}', () => {
  it('links and unlinks an account, refusing duplicates, unknown providers and bad input', async () => {
    const user = await createUser(t);
    const linked = await admin({
      method: 'POST',
      url: `/users/${user.id}/third/bob-at-corp`,
      payload: { type: 'corp', email: 'bob@corp.test' },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ type: 'corp', openId: 'bob-at-corp', email: 'bob@corp.test' });
    const other = await createUser(t);
    expect((await admin({ method: 'POST', url: `/users/${other.id}/third/bob-at-corp`, payload: { type: 'corp' } })).statusCode).toBe(409);
    expect((await admin({ method: 'POST', url: `/users/${user.id}/third/second`, payload: { type: 'corp' } })).statusCode).toBe(409);
    expect((await admin({ method: 'POST', url: `/users/${user.id}/third/x`, payload: { type: 'nobody' } })).statusCode).toBe(404);
    for (const payload of [{}, { type: 'Bad Type' }, { type: 'corp', extra: 1 }, { type: 'corp', email: 'x'.repeat(300) }]) {
      expect((await admin({ method: 'POST', url: `/users/${user.id}/third/x`, payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await admin({ method: 'POST', url: `/users/not-a-uuid/third/x`, payload: { type: 'corp' } })).statusCode).toBe(400);
    expect((await admin({ method: 'POST', url: `/users/${user.id}/third/with%20space`, payload: { type: 'corp' } })).statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin({ method: 'POST', url: `/users/${missing}/third/x`, payload: { type: 'corp' } })).statusCode).toBe(404);

    expect((await admin({ method: 'DELETE', url: `/users/${user.id}/third/nobody-here` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `/users/${user.id}/third/bob-at-corp?type=Bad%20Type` })).statusCode).toBe(400);
    expect((await admin({ method: 'DELETE', url: `/users/${user.id}/third/bob-at-corp?type=corp` })).statusCode).toBe(200);
    expect(await linksOf(user.id)).toEqual([]);
  });

  it('never removes the last way in: a user without a password keeps their only link', async () => {
    const user = await createUser(t);
    await linkRow(t, user.id, 'only-way-in');
    await withoutPassword(user.id);
    const refused = await admin({ method: 'DELETE', url: `/users/${user.id}/third/only-way-in` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ details: { reason: 'last_sign_in_method' } });
    expect(await linksOf(user.id)).toHaveLength(1);
  });

  it('lets a narrow administrator act only on users within their reach, never on a super-administrator', async () => {
    const role = await makeRole(t, { resources: [USER_PAGE] });
    const narrow = await signedInWithRoles(t, [role.id]);
    const asNarrow = (method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({ method, url: `/api/permission${url}`, headers: narrow.headers, ...(payload ? { payload } : {}) });
    const superAdmin = await adminId(t);
    expect((await asNarrow('POST', `/users/${superAdmin}/third/admin-at-corp`, { type: 'corp' })).statusCode).toBe(403);
    expect(await linksOf(superAdmin)).toEqual([]);
    await linkRow(t, superAdmin, 'admin-at-corp');
    expect((await asNarrow('DELETE', `/users/${superAdmin}/third/admin-at-corp`)).statusCode).toBe(403);
    expect(await linksOf(superAdmin)).toHaveLength(1);
    const second = await createUser(t, { roleIds: [await superAdminRoleId(t)] });
    expect((await asNarrow('POST', `/users/${second.id}/third/x`, { type: 'corp' })).statusCode).toBe(403);
    // Within reach: a plain user.
    const plain = await createUser(t);
    expect((await asNarrow('POST', `/users/${plain.id}/third/plain-at-corp`, { type: 'corp' })).statusCode).toBe(200);
    expect((await asNarrow('DELETE', `/users/${plain.id}/third/plain-at-corp`)).statusCode).toBe(200);
  });
});

describe('DELETE /users/third/{type}', () => {
  const unlinkOwn = (headers: Record<string, string>, type: string, token?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/permission/users/third/${type}${token ? `?mfa_token=${token}` : ''}`, headers });

  it('unlinks the caller’s own account, and refuses bad input', async () => {
    const user = await signedInUser(t);
    await linkRow(t, user.id, 'carol-at-corp');
    expect((await unlinkOwn(user.headers, 'Bad%20Type')).statusCode).toBe(400);
    expect((await unlinkOwn(user.headers, 'other')).statusCode).toBe(404);
    expect((await unlinkOwn({}, 'corp')).statusCode).toBe(401);
    expect((await unlinkOwn(user.headers, 'corp')).statusCode).toBe(200);
    expect(await linksOf(user.id)).toEqual([]);
  });

  it('needs an mfa_token of purpose "third" when the caller has an authenticator app', async () => {
    const user = await signedInUser(t);
    await enrolTotp(t, user);
    await linkRow(t, user.id, 'dave-at-corp');
    const without = await unlinkOwn(user.headers, 'corp');
    expect(without.statusCode).toBe(400);
    expect(without.json().details).toEqual({ field: 'mfa_token' });
    const wrongPurpose = await mfaToken(t, user.headers, user.password, 'email');
    expect((await unlinkOwn(user.headers, 'corp', wrongPurpose)).statusCode).toBe(400);
    const token = await mfaToken(t, user.headers, user.password, 'third');
    expect((await unlinkOwn(user.headers, 'corp', token)).statusCode).toBe(200);
    expect(await linksOf(user.id)).toEqual([]);
  });

  it('refuses to remove the last way in of an account without a password', async () => {
    const user = await signedInUser(t);
    await linkRow(t, user.id, 'erin-at-corp');
    await withoutPassword(user.id);
    const refused = await unlinkOwn(user.headers, 'corp');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/last way to sign in/);
    expect(await linksOf(user.id)).toHaveLength(1);
  });
});
