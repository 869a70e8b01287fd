import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../../../test/app.ts';
import { mfaToken, nextAddress, setSignInOptions, signedInUser } from '../../../../../test/factories/account.ts';
import { permissionApi, useAdminApp } from '../../../../../test/factories/identity.ts';
import { restoreDefaultSettings, setSafe } from '../../../../../test/factories/settings.ts';
import { passwordHistory, passwordResets } from '../../../../../test/tables.ts';
import { sha256 } from '../../../../platform/crypto.ts';
import { asSystem } from '../../../../platform/db/actor.ts';
import { eq } from 'drizzle-orm';

/** The safe settings' password policy on every path that sets a password, through the API. */

const { t, api } = useAdminApp();
afterEach(() => restoreDefaultSettings(t));

const refusedFor = (response: { statusCode: number; json(): unknown }, rule: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'PASSWORD_POLICY', details: { rule } });
};

const newUser = (password: string) => ({ username: `p-${randomUUID().slice(0, 8)}`, name: 'Policy', password });

/** Changes a signed-in user's own password (PATCH /users/password with an mfa_token). */
async function changeOwn(user: { headers: Record<string, string> }, current: string, password: string) {
  const token = await mfaToken(t, user.headers, current, 'password');
  return t.app.inject({
    method: 'PATCH',
    url: permissionApi(`/users/password?mfa_token=${token}`),
    headers: user.headers,
    payload: { password },
  });
}

/** A reset token of the recovery flow, as its mailed code would give (the mail itself is password-lost.test.ts's concern). */
async function resetTokenFor(userId: string): Promise<string> {
  const token = randomUUID();
  await asSystem(t.database.db, (db) =>
    db.insert(passwordResets).values({
      userId,
      channel: 'email',
      codeHash: sha256('unused'),
      resetTokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 600_000),
    }),
  );
  return token;
}

describe('the password policy', () => {
  it('refuses what is too short or lacks character classes, naming the rule and the requirement (admin create)', async () => {
    await setSafe(t, { password: { minLength: 12, requireClasses: { lower: 1, upper: 1, digit: 2, symbol: 0 } } });
    const short = await api.post('/users', newUser('Short-pw-12'));
    refusedFor(short, 'minLength');
    expect(short.json().message).toBe('The password must have at least 12 characters');
    const plain = await api.post('/users', newUser('long-enough-password-1'));
    refusedFor(plain, 'classes');
    expect(plain.json().message).toBe('The password must contain at least 1 upper-case letter and 2 digits');
    expect((await api.post('/users', newUser('Long-enough-password-12'))).statusCode).toBe(200);
  });

  it('refuses the username always, and a password containing it when asked (registration, admin create)', async () => {
    await setSignInOptions(t, { registration: true });
    const username = `reg-${randomUUID().slice(0, 8)}`;
    const register = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: permissionApi('/users/open/registered'),
        payload: { username, name: 'Reg', email: `${username}@example.test`, password },
        remoteAddress: nextAddress(),
      });
    refusedFor(await register(username.toUpperCase()), 'username');
    await setSafe(t, { password: { notContainingUsername: true } });
    refusedFor(await register(`x-${username}-1`), 'username');
    refusedFor(await api.post('/users', { ...newUser('x'), username, password: `${username}!!` }), 'username');
    expect((await register('an-unrelated-passphrase')).statusCode).toBe(201);
  });

  it('refuses common passwords in any letter case when rejectCommon is on (registration, the expired-password change)', async () => {
    const user = await createUser(t);
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/reception-center/oauth/password',
        payload: { username: user.username, oldPassword: user.password, newPassword },
        remoteAddress: nextAddress(),
      });
    await setSafe(t, { password: { rejectCommon: true } });
    const common = await change('Password1');
    refusedFor(common, 'common');
    expect(common.json().details.field).toBe('password');
    refusedFor(await change('QWERTYUIOP'), 'common');
    await setSafe(t, { password: { rejectCommon: false } });
    expect((await change('Password1')).statusCode).toBe(200);
  });

  it('refuses the last n passwords on every path, recovery and an administrator reset included, and keeps only n hashes', async () => {
    await setSafe(t, { password: { historyCount: 3 } });
    const user = await signedInUser(t);
    const [first, second, third, fourth] = ['history-pass-1', 'history-pass-2', 'history-pass-3', 'history-pass-4'];
    expect((await changeOwn(user, user.password, first)).statusCode).toBe(200);
    expect((await changeOwn(user, first, second)).statusCode).toBe(200);
    refusedFor(await changeOwn(user, second, first), 'history');
    refusedFor(await changeOwn(user, second, second), 'history');

    const recover = async (password: string) =>
      t.app.inject({
        method: 'PATCH',
        url: permissionApi('/users/password/lost'),
        payload: { reset_token: await resetTokenFor(user.id), password },
        remoteAddress: nextAddress(),
      });
    refusedFor(await recover(first), 'history');
    expect((await recover(third)).statusCode).toBe(200);

    const reset = (password: string) => api.patch(`/users/${user.id}/password`, { password });
    refusedFor(await reset(second), 'history');
    expect((await reset(fourth)).statusCode).toBe(200);
    // first has left the last three (second, third, fourth), and only three hashes are kept.
    expect((await reset(first)).statusCode).toBe(200);
    const kept = await t.database.db.select().from(passwordHistory).where(eq(passwordHistory.userId, user.id));
    expect(kept).toHaveLength(3);
    expect(kept.every((row) => row.passwordHash.startsWith('$argon2id$'))).toBe(true);
  });
});
