import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, outboxDrained, type TestApp } from '../../../../../test/app.ts';
import { appPerFile } from '../../../../../test/factories/suite.ts';
import { nextAddress, signedInUser } from '../../../../../test/factories/account.ts';
import { auditOf, permissionApi as api, userRow } from '../../../../../test/factories/identity.ts';
import { freePort } from '../../../../../test/free-port.ts';
import { codeIn, startSmtpPeer, type SmtpPeer } from '../../../../../test/smtp-peer.ts';
import { passwordResets, users } from '../../tables.ts';
import { signInFailures } from '../../../../../test/tables.ts';
import { DEFAULT_ACCOUNT_LIMITS } from '../../../../../test/tables.ts';
import { RESET_LIMITS } from './password-lost.ts';
import { asSystem } from '../../../../platform/db/actor.ts';
import { jobs } from '../../../../platform/jobs/tables.ts';
import { MAIL_JOB } from '../../../../platform/mail-jobs.ts';

let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer({ user: 'portal', pass: 'smtp-secret' });
});
afterAll(() => peer.close());
const { t } = appPerFile(undefined, { env: () => ({ SMTP_URL: peer.url, MAIL_FROM: 'Portal <portal@example.test>' }) });

const post = (app: TestApp, path: string, payload: object, remoteAddress = nextAddress()) =>
  app.app.inject({ method: 'POST', url: api(path), payload, remoteAddress });
const prepare = (account: string, app = t) => post(app, '/users/password/lost/prepare', { account });
const validate = (account: string, code: string) => post(t, '/users/password/lost/validation', { account, code });
const reset = (resetToken: string, password: string) =>
  t.app.inject({ method: 'PATCH', url: api('/users/password/lost'), payload: { reset_token: resetToken, password } });
const signInWith = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/reception-center/oauth/jwt', payload: { username, password }, remoteAddress: nextAddress() });

/** Asks for a code and reads it from the mail the SMTP server received. */
async function emailedCode(account: string, email: string): Promise<string> {
  const before = peer.to(email).length;
  expect((await prepare(account)).json()).toEqual({ sent: true });
  await outboxDrained(t);
  const mails = peer.to(email);
  expect(mails).toHaveLength(before + 1);
  return codeIn(mails.at(-1));
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /users/password/lost/prepare', () => {
  it('emails a six-digit code to an account found by username or by email', async () => {
    const user = await signedInUser(t, { email: 'lost-one@example.test' });
    const response = await prepare(user.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true });
    await outboxDrained(t);
    const [mail] = peer.to('lost-one@example.test');
    expect(mail).toMatchObject({ from: 'portal@example.test', user: 'portal' });
    expect(mail?.headers.subject).toBe('Your password reset code');
    // Sent by a job: its Message-ID comes from the job's idempotency key, and once sent the job keeps no text.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB)).orderBy(desc(jobs.createdAt)).limit(1);
    expect(mail?.headers['message-id']).toBe(`<${job?.idempotencyKey}@example.test>`);
    expect(job).toMatchObject({ status: 'done', payload: null });
    expect(mail?.text).toContain(user.username);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row?.codeHash).not.toContain(codeIn(mail));
    expect((await auditOf(t, 'users.password.lost.prepare', user.id))[0]).toMatchObject({ actorId: null });

    await signedInUser(t, { email: 'Lost-Two@Example.test' });
    expect(await emailedCode('lost-two@example.TEST', 'Lost-Two@Example.test')).toMatch(/^\d{6}$/);
  });

  it('answers the same for unknown accounts and accounts without email, sending nothing', async () => {
    const noEmail = await signedInUser(t);
    const count = peer.received.length;
    const answers = await Promise.all([prepare('nobody-by-this-name'), prepare('nobody@example.test'), prepare(noEmail.username)]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ sent: true });
    }
    await outboxDrained(t);
    expect(peer.received.length).toBe(count);
  });

  it('sends at most one code a minute per account, still answering the same', async () => {
    const user = await signedInUser(t, { email: 'impatient@example.test' });
    await emailedCode(user.username, 'impatient@example.test');
    expect((await prepare(user.username)).json()).toEqual({ sent: true });
    expect((await prepare('impatient@example.test')).json()).toEqual({ sent: true });
    await outboxDrained(t);
    expect(peer.to('impatient@example.test')).toHaveLength(1);
  });

  it('refuses bad input', async () => {
    expect((await post(t, '/users/password/lost/prepare', {})).statusCode).toBe(400);
    expect((await post(t, '/users/password/lost/prepare', { account: '' })).statusCode).toBe(400);
    expect((await post(t, '/users/password/lost/prepare', { account: 'x'.repeat(300) })).statusCode).toBe(400);
  });
});

describe('validation and reset', () => {
  it('exchanges the emailed code for a single-use reset token that sets the password and ends every session', async () => {
    const user = await signedInUser(t, { email: 'forgetful@example.test', passwordExpired: true });
    // Lock the account by failed sign-ins: the reset lifts the lock.
    await t.database.db.insert(signInFailures).values({
      key: `user:${user.username.toLowerCase()}`,
      count: DEFAULT_ACCOUNT_LIMITS.lockAccountAfter,
      lockedUntil: new Date(Date.now() + 600_000),
    });
    expect((await signInWith(user.username, user.password)).json().code).toBe('ACCOUNT_LOCKED');

    const code = await emailedCode('forgetful@example.test', 'forgetful@example.test');
    expect((await validate(user.username, wrongCodeFor(code))).statusCode).toBe(400);
    const validated = await validate(user.username, code);
    expect(validated.statusCode).toBe(200);
    const { reset_token, expires_in } = validated.json();
    expect(expires_in).toBe(600);
    // The code is spent once exchanged.
    expect((await validate(user.username, code)).statusCode).toBe(400);

    const tooShort = await reset(reset_token, 'short');
    expect(tooShort.statusCode).toBe(400);
    const sameAsName = await reset(reset_token, user.username);
    expect(sameAsName.json().code).toBe('PASSWORD_POLICY');

    const done = await reset(reset_token, 'recovered-password');
    expect(done.statusCode).toBe(200);
    expect((await userRow(t, user.id)).passwordExpired).toBe(false);
    const self = await t.app.inject({ method: 'GET', url: api('/users/self'), headers: user.headers });
    expect(self.statusCode).toBe(401);
    expect((await signInWith(user.username, user.password)).statusCode).toBe(400);
    expect((await signInWith(user.username, 'recovered-password')).statusCode).toBe(200);
    const [entry] = await auditOf(t, 'users.password.reset', user.id);
    expect(entry).toMatchObject({ actorId: null, after: { passwordExpired: false, lockCleared: true, sessionsRevoked: 1 } });
    expect(JSON.stringify(entry)).not.toContain('recovered-password');

    const reused = await reset(reset_token, 'yet-another-password');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'reset_token' } });
  });

  it('allows five attempts per code, then none, even with the right code', async () => {
    const user = await createUser(t);
    await asSystem(t.database.db, (db) => db.update(users).set({ email: 'guesser@example.test' }).where(eq(users.id, user.id)));
    const code = await emailedCode(user.username, 'guesser@example.test');
    for (let i = 0; i < RESET_LIMITS.maxAttempts; i++) {
      expect((await validate(user.username, wrongCodeFor(code))).statusCode).toBe(400);
    }
    const tooLate = await validate(user.username, code);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json()).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'code' } });
  });

  it('refuses an expired code, a code for another account and malformed input', async () => {
    const user = await signedInUser(t, { email: 'slow@example.test' });
    const other = await signedInUser(t, { email: 'bystander@example.test' });
    const code = await emailedCode(user.username, 'slow@example.test');
    expect((await validate(other.username, code)).statusCode).toBe(400);
    expect((await validate('nobody-at-all', code)).statusCode).toBe(400);
    for (const body of [
      { account: user.username, code: '12345' },
      { account: user.username, code: 'abcdef' },
      { account: user.username },
    ]) {
      expect((await post(t, '/users/password/lost/validation', body)).json().code).toBe('VALIDATION_FAILED');
    }
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await validate(user.username, code)).statusCode).toBe(400);
    expect((await reset('made-up-token', 'a-good-password')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'PATCH', url: api('/users/password/lost'), payload: { password: 'a-good-password' } })).statusCode,
    ).toBe(400);
  });
});

describe('without a mail server configured', () => {
  const { t: plain } = appPerFile();

  it('says password recovery by email is not configured when SMTP_URL is unset', async () => {
    const response = await prepare('admin', plain);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NOT_CONFIGURED', message: expect.stringMatching(/SMTP_URL/) });
  });
});

describe('with a mail server that cannot be reached', () => {
  const { t: unreachable } = appPerFile(undefined, { env: async () => ({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }) });

  it('answers the same when the mail server cannot be reached, and keeps the mail queued for a retry', async () => {
    const user = await createUser(unreachable);
    await asSystem(unreachable.database.db, (db) => db.update(users).set({ email: 'unlucky@example.test' }).where(eq(users.id, user.id)));
    const response = await prepare(user.username, unreachable);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true });
    await outboxDrained(unreachable);
    const [job] = await unreachable.database.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
    expect(job).toMatchObject({ status: 'pending', failures: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
