import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/app.ts';
import { nextAddress, signedInUser } from '../../../../../test/factories/account.ts';
import { permissionApi as api } from '../../../../../test/factories/identity.ts';
import { OPEN_CHECK_LIMIT } from './open-check-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const check = (field: string, value: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'HEAD', url: api(`/users/open/${field}/${encodeURIComponent(value)}`), remoteAddress });

describe('HEAD /users/open/{field}/{value}', () => {
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
      expect((await check('username', `probe-${i}`, address)).statusCode).toBe(200);
    }
    const limited = await check('username', 'probe-more', address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check('username', 'probe-more', nextAddress())).statusCode).toBe(200);
  });
});
