import { SESSION_COOKIE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorizationCode, pkce } from '../../../../test/app.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { nextAddress, signedInUser } from '../../../../test/factories/account.ts';
import { enrolTotp, totpCode } from '../../../../test/factories/totp.ts';
import { sha256 } from '../../../platform/crypto.ts';
import { signInFailures, signInTickets } from '../tables.ts';
import { users } from '../../../../test/tables.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { DEFAULT_ACCOUNT_LIMITS } from './failures.ts';
import { TICKET_MAX_FAILURES } from './tickets.ts';
import { asSystem } from '../../../platform/db/actor.ts';

const { t } = appPerFile();
afterEach(() => vi.useRealTimers());

const passwordStep = (username: string, password: string, ip = nextAddress(), query = '') =>
  t.app.inject({ method: 'POST', url: `/api/reception-center/oauth/jwt${query}`, payload: { username, password }, remoteAddress: ip });
const codeStep = (ticket: string, code: string, ip = nextAddress(), query = '') =>
  t.app.inject({ method: 'POST', url: `/api/reception-center/oauth/jwt/totp${query}`, payload: { ticket, code }, remoteAddress: ip });
const sessionCookie = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

/** A signed-in user with an authenticator app, with Date frozen and moved on one TOTP step per `nextStep()`. */
async function enrolledUser() {
  let now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  const user = await signedInUser(t);
  const secret = await enrolTotp(t, user);
  const nextStep = () => {
    now += 30_000;
    vi.setSystemTime(now);
  };
  // The enrolment spent this step's code.
  nextStep();
  return { ...user, secret, nextStep };
}

async function ticketFor(user: { username: string; password: string }): Promise<string> {
  const response = await passwordStep(user.username, user.password);
  expect(response.json()).toMatchObject({ totpRequired: true });
  return response.json().ticket;
}

describe('sign-in with an authenticator app', () => {
  it('answers the right password with a hashed, single-use ticket and no session; the code then starts the session', async () => {
    const user = await enrolledUser();
    const back = '/api/reception-center/oauth/authorize?client_id=portal-web';
    const first = await passwordStep(user.username, user.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ totpRequired: true, ticket: expect.any(String), expiresIn: 300 });
    expect(sessionCookie(first)).toBeUndefined();
    const { ticket } = first.json();
    const [stored] = await t.database.db.select().from(signInTickets).where(eq(signInTickets.userId, user.id));
    expect(stored?.ticketHash).toBe(sha256(ticket));

    const second = await codeStep(ticket, totpCode(user.secret), nextAddress(), `?return_to=${encodeURIComponent(back)}`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ redirect: back });
    const cookie = sessionCookie(second);
    expect(cookie).toBeTruthy();
    // The session is a real one: authorize gives a code with it.
    expect(await authorizationCode(t, cookie!, pkce().challenge)).toEqual(expect.any(String));

    user.nextStep();
    const reused = await codeStep(ticket, totpCode(user.secret));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'TOTP_INVALID', details: { restart: true } });
  });

  it('refuses a wrong code and a replayed one, counting them as sign-in failures', async () => {
    const user = await enrolledUser();
    const ticket = await ticketFor(user);
    const code = totpCode(user.secret);
    const wrong = await codeStep(ticket, wrongCode(code));
    expect(wrong.json()).toMatchObject({ code: 'TOTP_INVALID', details: { field: 'code' } });
    expect(sessionCookie(wrong)).toBeUndefined();
    expect((await codeStep(ticket, code)).statusCode).toBe(200);

    const next = await ticketFor(user);
    const replay = await codeStep(next, code);
    expect(replay.json().code).toBe('TOTP_INVALID');
    const [failures] = await t.database.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.key, `user:${user.username.toLowerCase()}`));
    expect(failures?.count).toBe(1);
    // The success cleared the earlier failure; the replay counted again.
    user.nextStep();
    expect((await codeStep(next, totpCode(user.secret))).statusCode).toBe(200);
  });

  it('ends a ticket after too many wrong codes, and an expired one', async () => {
    const user = await enrolledUser();
    const ticket = await ticketFor(user);
    const code = totpCode(user.secret);
    for (let i = 0; i < TICKET_MAX_FAILURES - 1; i++)
      expect((await codeStep(ticket, wrongCode(code))).json().details).toEqual({ field: 'code' });
    expect((await codeStep(ticket, wrongCode(code))).json().details).toMatchObject({ restart: true });
    expect((await codeStep(ticket, code)).json()).toMatchObject({ code: 'TOTP_INVALID', details: { restart: true } });

    // The wrong codes counted as sign-in failures: forget them, or the password step would ask for a captcha.
    await t.database.db.delete(signInFailures).where(eq(signInFailures.key, `user:${user.username.toLowerCase()}`));
    const aged = await ticketFor(user);
    await t.database.db
      .update(signInTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTickets.ticketHash, sha256(aged)));
    expect((await codeStep(aged, code)).json().details).toMatchObject({ restart: true });
    expect((await codeStep('not-a-ticket', code)).json().details).toMatchObject({ restart: true });
  });

  it('stops at the account lock, and refuses a disabled account', async () => {
    const user = await enrolledUser();
    const ticket = await ticketFor(user);
    await t.database.db.insert(signInFailures).values({
      key: `user:${user.username.toLowerCase()}`,
      count: DEFAULT_ACCOUNT_LIMITS.lockAccountAfter,
      lockedUntil: new Date(Date.now() + 600_000),
    });
    const locked = await codeStep(ticket, totpCode(user.secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    await t.database.db.delete(signInFailures).where(eq(signInFailures.key, `user:${user.username.toLowerCase()}`));
    await asSystem(t.database.db, (db) => db.update(users).set({ actived: false }).where(eq(users.id, user.id)));
    expect((await codeStep(ticket, totpCode(user.secret))).json().details).toMatchObject({ restart: true });
  });

  it("lets the owner's browser through both steps while strangers have locked the account", async () => {
    const user = await enrolledUser();
    const ip = nextAddress();
    const withDevice = (device: string) => ({ cookies: { [DEVICE_COOKIE]: device } });
    const signedIn = await codeStep(await ticketFor(user), totpCode(user.secret), ip);
    const device = String(signedIn.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value);
    expect(device).toMatch(/^v1\./);
    user.nextStep();
    await t.database.db.insert(signInFailures).values({
      key: `user:${user.username.toLowerCase()}`,
      count: DEFAULT_ACCOUNT_LIMITS.lockAccountAfter,
      lockedUntil: new Date(Date.now() + 600_000),
    });
    expect((await passwordStep(user.username, user.password)).json().code).toBe('ACCOUNT_LOCKED');
    const payload = { username: user.username, password: user.password };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/jwt',
      payload,
      remoteAddress: ip,
      ...withDevice(device),
    });
    const { ticket } = first.json();
    expect(ticket).toEqual(expect.any(String));
    // The second step without the cookie meets the lock; with it, it starts the session.
    expect((await codeStep(ticket, totpCode(user.secret), ip)).json().code).toBe('ACCOUNT_LOCKED');
    const code = { ticket, code: totpCode(user.secret) };
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/jwt/totp',
      payload: code,
      remoteAddress: ip,
      ...withDevice(device),
    });
    expect(second.statusCode).toBe(200);
    expect(sessionCookie(second)).toBeTruthy();
    await t.database.db.delete(signInFailures).where(eq(signInFailures.key, `user:${user.username.toLowerCase()}`));
  });

  it('limits attempts per address', async () => {
    const ip = nextAddress();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await codeStep('no-such-ticket', '000000', ip)).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('still refuses a wrong password without a ticket', async () => {
    const user = await enrolledUser();
    const wrong = await passwordStep(user.username, 'not-the-password');
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expect(await t.database.db.select().from(signInTickets).where(eq(signInTickets.userId, user.id))).toEqual([]);
  });
});
