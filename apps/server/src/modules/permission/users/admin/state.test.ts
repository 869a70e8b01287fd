import { PORTAL_CLIENT_ID } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../platform/crypto.ts';
import { refreshChains, revokedFamilies, signInFailures, signInSessions } from '../../../../../test/tables.ts';
import { bearer, createUser, tokenRequest, tokensFor } from '../../../../../test/app.ts';
import { adminId, auditOf as auditEntries, callAs, makeRole, useAdminApp, userById } from '../../../../../test/factories/identity.ts';
import { signedInWithRoles, USER_PAGE } from '../../../../../test/factories/users.ts';
import { nextAddress, signedInUser } from '../../../../../test/factories/account.ts';
import { enrolTotp } from '../../../../../test/factories/totp.ts';

const { t, admin } = useAdminApp();

/** A user signed in twice (two sessions, two token chains). */
async function signedInTwice() {
  const user = await createUser(t);
  const first = await tokensFor(t, user.username, user.password);
  const second = await tokensFor(t, user.username, user.password);
  return { user, first, second };
}

const ownRoles = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/permission/users/self/roles', headers: bearer(accessToken) });
const refresh = (refreshToken: string) =>
  tokenRequest(t, { grant_type: 'refresh_token', client_id: PORTAL_CLIENT_ID, refresh_token: refreshToken });

async function expectSignedOut(userId: string, tokens: { access_token: string; refresh_token: string }[]) {
  for (const pair of tokens) {
    expect((await ownRoles(pair.access_token)).statusCode).toBe(401);
    const refused = await refresh(pair.refresh_token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
  }
  const sessions = await t.database.db.select().from(signInSessions).where(eq(signInSessions.userId, userId));
  expect(sessions.length).toBeGreaterThan(0);
  expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
  const chains = await t.database.db.select().from(refreshChains).where(eq(refreshChains.userId, userId));
  expect(chains.every((c) => c.revokedAt !== null)).toBe(true);
  const revoked = await t.database.db
    .select()
    .from(revokedFamilies)
    .where(
      inArray(
        revokedFamilies.familyId,
        chains.map((c) => c.familyId),
      ),
    );
  expect(revoked).toHaveLength(chains.length);
}

describe('DELETE and POST /users/{id}/actived', () => {
  it('disables a user and revokes every session and token chain, which stay revoked after re-activation', async () => {
    const { user, first, second } = await signedInTwice();
    expect((await ownRoles(first.access_token)).statusCode).toBe(200);
    const response = await admin({ method: 'DELETE', url: `/users/${user.id}/actived` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await userById(t, user.id))?.actived).toBe(false);
    await expectSignedOut(user.id, [first, second]);
    expect((await auditEntries(t, 'users.disable', user.id))[0]).toMatchObject({ before: { actived: true }, after: { actived: false } });

    const activated = await admin({ method: 'POST', url: `/users/${user.id}/actived` });
    expect(activated.statusCode).toBe(200);
    expect((await userById(t, user.id))?.actived).toBe(true);
    expect((await auditEntries(t, 'users.activate', user.id))[0]).toMatchObject({ after: { actived: true } });
    // The old tokens were revoked, not merely refused while disabled.
    expect((await ownRoles(first.access_token)).statusCode).toBe(401);
    // And the user can sign in again.
    expect((await ownRoles((await tokensFor(t, user.username, user.password)).access_token)).statusCode).toBe(200);
  });

  it('refuses to disable oneself, or the last active super-administrator', async () => {
    const self = await admin({ method: 'DELETE', url: `/users/${await adminId(t)}/actived` });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/your own account/);
    const manager = await signedInWithRoles(t, [(await makeRole(t, { resources: [USER_PAGE] })).id]);
    // Only a super-administrator acts on a super-administrator.
    const above = await callAs(t, manager.headers)({ method: 'DELETE', url: `/users/${await adminId(t)}/actived` });
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toMatch(/admin/);
    expect((await userById(t, await adminId(t)))?.actived).toBe(true);
    expect((await ownRoles((await tokensFor(t, 'admin', 'admin-password-1')).access_token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await admin({ method: 'DELETE', url: '/users/00000000-0000-4000-8000-000000000000/actived' })).statusCode).toBe(404);
    expect((await admin({ method: 'POST', url: '/users/nope/actived' })).statusCode).toBe(400);
  });
});

describe('DELETE /users/{userId}/lock', () => {
  it('clears the failure counter that locked the user out', async () => {
    const user = await createUser(t, { username: `Locked-${Date.now()}` });
    const key = `user:${user.username.toLowerCase()}`;
    await t.database.db.insert(signInFailures).values({ key, count: 12, lockedUntil: new Date(Date.now() + 600_000) });
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/reception-center/oauth/jwt',
        payload: { username: user.username, password: user.password },
      });
    expect((await signIn()).statusCode).toBe(429);
    expect((await admin({ method: 'GET', url: `/users/${user.id}` })).json()).toMatchObject({ locked: true });

    const response = await admin({ method: 'DELETE', url: `/users/${user.id}/lock` });
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.select().from(signInFailures).where(eq(signInFailures.key, key))).toEqual([]);
    expect((await admin({ method: 'GET', url: `/users/${user.id}` })).json()).toMatchObject({ locked: false });
    expect((await signIn()).statusCode).toBe(200);
    expect((await auditEntries(t, 'users.unlock', user.id))[0]?.before).toMatchObject({ failures: 12 });
  });

  it('answers 404 for an unknown user', async () => {
    expect((await admin({ method: 'DELETE', url: '/users/00000000-0000-4000-8000-000000000000/lock' })).statusCode).toBe(404);
  });
});

describe('PATCH /users/{id}/password', () => {
  it('sets a password that must be changed, and signs the user out everywhere', async () => {
    const { user, first, second } = await signedInTwice();
    const response = await admin({ method: 'PATCH', url: `/users/${user.id}/password`, payload: { password: 'brand-new-password' } });
    expect(response.statusCode, response.body).toBe(200);
    const row = await userById(t, user.id);
    expect(row?.passwordExpired).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? null, 'brand-new-password')).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? null, user.password)).toBe(false);
    await expectSignedOut(user.id, [first, second]);
    const [audit] = await auditEntries(t, 'users.password.reset', user.id);
    expect(JSON.stringify(audit)).not.toMatch(/brand-new-password|argon2/);
  });

  it('refuses a password that is too short or missing, changing nothing', async () => {
    const user = await createUser(t);
    const hash = (await userById(t, user.id))?.passwordHash;
    for (const payload of [{ password: 'short' }, {}, { password: 'x'.repeat(129) }]) {
      const response = await admin({ method: 'PATCH', url: `/users/${user.id}/password`, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await userById(t, user.id)).toMatchObject({ passwordHash: hash, passwordExpired: false });
    expect(
      (
        await admin({
          method: 'PATCH',
          url: '/users/00000000-0000-4000-8000-000000000000/password',
          payload: { password: 'long-enough-1' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /users/{userId}/totp', () => {
  const passwordStep = (user: { username: string; password: string }) =>
    t.app.inject({ method: 'POST', url: '/api/reception-center/oauth/jwt', payload: user, remoteAddress: nextAddress() });

  it('takes away a lost authenticator app: sign-in asks for the password alone again', async () => {
    const user = await signedInUser(t);
    await enrolTotp(t, user);
    expect((await passwordStep(user)).json()).toMatchObject({ totpRequired: true });

    const response = await admin({ method: 'DELETE', url: `/users/${user.id}/totp` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await passwordStep(user)).json()).not.toHaveProperty('totpRequired');
    expect((await passwordStep(user)).statusCode).toBe(200);
    const [audit] = await auditEntries(t, 'users.totp.reset', user.id);
    expect(audit).toMatchObject({ before: { enrolled: true }, after: { enrolled: false } });
  });

  it('answers 404 for an unknown user', async () => {
    expect((await admin({ method: 'DELETE', url: '/users/00000000-0000-4000-8000-000000000000/totp' })).statusCode).toBe(404);
  });
});
