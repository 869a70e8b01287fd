import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../../../platform/crypto.ts';
import { userInvites } from '../../tables.ts';
import { appPerFile } from '../../../../../test/factories/suite.ts';
import { nextAddress, setSignInOptions, signedInUser } from '../../../../../test/factories/account.ts';
import { permissionApi as api } from '../../../../../test/factories/identity.ts';
import { createInvite } from './invites.ts';
import { OPEN_CHECK_LIMIT } from './open-check-routes.ts';

const { t } = appPerFile();

const check = (field: string, value: string, options: { remoteAddress?: string; token?: string } = {}) =>
  t.app.inject({
    method: 'HEAD',
    url: api(`/users/open/${field}/${encodeURIComponent(value)}`),
    query: options.token === undefined ? {} : { token: options.token },
    remoteAddress: options.remoteAddress ?? nextAddress(),
  });

describe('HEAD /users/open/{field}/{value} with self-registration switched on', () => {
  beforeEach(() => setSignInOptions(t, { registration: true }));

  it('answers 200 for a free value and 409 for a taken one, whatever the case or spacing, with no body', async () => {
    const user = await signedInUser(t, { email: 'Taken.Person@Example.test', phone: '+44 7700 900555' });
    const cases: [string, string, number][] = [
      ['username', user.username, 409],
      ['username', user.username.toUpperCase(), 409],
      ['username', `${user.username}-free`, 200],
      ['email', 'taken.person@example.TEST', 409],
      ['email', 'free.person@example.test', 200],
      ['phone', '+447700900555', 409],
      ['phone', '+44 7700-900 555', 409],
      ['phone', '+44 7700 900556', 200],
    ];
    for (const [field, value, status] of cases) {
      const response = await check(field, value);
      expect(response.statusCode, `${field} ${value}`).toBe(status);
      expect(response.body).toBe('');
    }
  });

  it('answers 400 for a malformed value, and 404 for an unknown field', async () => {
    for (const [field, value] of [
      ['email', 'not-an-email'],
      ['phone', 'call me'],
      ['username', 'ab'],
      ['username', 'has space'],
    ]) {
      const response = await check(field!, value!);
      expect(response.statusCode, `${field} ${value}`).toBe(400);
      expect(response.body).toBe('');
    }
    expect((await check('nickname', 'whatever')).statusCode).toBe(404);
  });

  it('needs no sign-in but slows down one address checking many values', async () => {
    const address = nextAddress();
    for (let i = 0; i < OPEN_CHECK_LIMIT.burst; i++) {
      expect((await check('username', `probe-${i}`, { remoteAddress: address })).statusCode).toBe(200);
    }
    const limited = await check('username', 'probe-more', { remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check('username', 'probe-more')).statusCode).toBe(200);
  });
});

describe('HEAD /users/open/{field}/{value} with self-registration switched off', () => {
  beforeEach(() => setSignInOptions(t, { registration: false }));

  it('refuses every check without an invitation, so it tells nobody which accounts exist', async () => {
    const user = await signedInUser(t, { email: 'Hidden.Person@Example.test' });
    for (const [field, value] of [
      ['username', user.username],
      ['username', `${user.username}-free`],
      ['email', 'hidden.person@example.test'],
      ['email', 'nobody@example.test'],
    ] as const) {
      const response = await check(field, value);
      expect(response.statusCode, `${field} ${value}`).toBe(403);
      expect(response.body).toBe('');
    }
  });

  it('checks a username for the holder of a pending invitation, and nothing else', async () => {
    const user = await signedInUser(t, { email: 'Known.Person@Example.test' });
    const token = await createInvite(t.database.db, { email: 'joining@example.test', orgId: null, invitedBy: null });
    expect((await check('username', user.username, { token })).statusCode).toBe(409);
    expect((await check('username', `${user.username}-free`, { token })).statusCode).toBe(200);
    // The invitation's form chooses only a username: the email is the invitation's.
    expect((await check('email', 'known.person@example.test', { token })).statusCode).toBe(403);
    expect((await check('username', user.username, { token: 'no-such-invitation' })).statusCode).toBe(403);
  });

  it('refuses the token of an invitation that was used or has expired', async () => {
    const user = await signedInUser(t);
    const used = await createInvite(t.database.db, { email: 'used@example.test', orgId: null, invitedBy: null });
    const expired = await createInvite(t.database.db, { email: 'expired@example.test', orgId: null, invitedBy: null });
    await t.database.db
      .update(userInvites)
      .set({ state: 'confirmed' })
      .where(eq(userInvites.tokenHash, sha256(used)));
    await t.database.db
      .update(userInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userInvites.tokenHash, sha256(expired)));
    for (const token of [used, expired]) expect((await check('username', user.username, { token })).statusCode).toBe(403);
  });

  it('counts refused checks against the rate limit too, so tokens cannot be guessed quickly', async () => {
    const address = nextAddress();
    for (let i = 0; i < OPEN_CHECK_LIMIT.burst; i++) {
      expect((await check('username', `guess-${i}`, { remoteAddress: address, token: `guess-${i}` })).statusCode).toBe(403);
    }
    expect((await check('username', 'guess-more', { remoteAddress: address, token: 'guess-more' })).statusCode).toBe(429);
  });
});
