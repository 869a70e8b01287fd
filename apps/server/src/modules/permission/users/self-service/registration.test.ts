import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../../../test/app.ts';
import { appPerFile } from '../../../../../test/factories/suite.ts';
import { nextAddress, setSignInOptions, signedInUser } from '../../../../../test/factories/account.ts';
import { auditOf, permissionApi as api } from '../../../../../test/factories/identity.ts';
import { users } from '../../tables.ts';
import { mapUniqueViolation } from './account-rules.ts';
import { ACCOUNT_CREATION_LIMIT } from './registration-routes.ts';

const { t } = appPerFile();

const register = (payload: object, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: api('/users/open/registered'), payload, remoteAddress });
let n = 0;
const newcomer = (extra: object = {}) => {
  n += 1;
  return { username: `newcomer-${n}`, name: `Newcomer ${n}`, email: `newcomer-${n}@example.test`, password: 'a-fine-password', ...extra };
};
const userCount = async () => (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(users))[0]?.count;

describe('POST /users/open/registered', () => {
  beforeEach(async () => {
    await setSignInOptions(t, { registration: true, registrationCaptcha: false });
  });

  it('is refused while self-registration is switched off (the default)', async () => {
    await setSignInOptions(t, { registration: false });
    const before = await userCount();
    const refused = await register(newcomer());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/switched off/) });
    // With the captcha switch on too, registration stays off.
    await setSignInOptions(t, { registrationCaptcha: true });
    expect((await register(newcomer())).statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('creates an account that can sign in, recorded with no actor', async () => {
    const body = newcomer();
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const { id, username } = response.json();
    expect(username).toBe(body.username);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: body.email, orgId: null, passwordExpired: false, actived: true });
    expect(await signIn(t.app, body.username, body.password)).toBeTruthy();
    const [entry] = await auditOf(t, 'users.register', id);
    expect(entry).toMatchObject({ actorId: null, after: { username: body.username, email: body.email } });
    expect(JSON.stringify(entry)).not.toContain(body.password);
  });

  it('answers 409 for a username or email in use (any case) and 400 for bad input, creating nothing', async () => {
    const existing = await signedInUser(t, { email: 'Existing@Example.test' });
    const before = await userCount();
    const sameName = await register(newcomer({ username: existing.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'username' } });
    const sameEmail = await register(newcomer({ email: 'existing@example.test' }));
    expect(sameEmail.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'email' } });
    const policy = await register(newcomer({ username: 'samesame', password: 'SameSame' }));
    expect(policy.json()).toMatchObject({ code: 'PASSWORD_POLICY' });
    for (const bad of [
      newcomer({ email: 'nope' }),
      newcomer({ password: 'short' }),
      newcomer({ username: 'no spaces allowed' }),
      newcomer({ name: '' }),
      { username: 'only-a-name' },
    ]) {
      const response = await register(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await userCount()).toBe(before);
  });

  it('needs a solved captcha when the setting asks for one', async () => {
    await setSignInOptions(t, { registrationCaptcha: true });
    expect((await register(newcomer())).json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
    expect((await register(newcomer({ behaviorToken: 'made-up' }))).json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    const captcha = await t.app.modules.receptionCenter.captchas.issue();
    const solved = await t.app.inject({
      method: 'GET',
      url: `/api/reception-center/oauth/behavior-token?captchaId=${captcha.captchaId}&captchaCode=${captcha.answer}`,
    });
    const behaviorToken = solved.json().token as string;
    expect((await register(newcomer({ behaviorToken }))).statusCode).toBe(201);
    // A behaviour token stands for one solved captcha only.
    expect((await register(newcomer({ behaviorToken }))).json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
  });

  it('slows down one address creating many accounts', async () => {
    const address = nextAddress();
    for (let i = 0; i < ACCOUNT_CREATION_LIMIT.burst; i++) expect((await register(newcomer(), address)).statusCode).toBe(201);
    const limited = await register(newcomer(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('a unique violation that slips past the checks (a concurrent writer)', () => {
  it('becomes a 409 naming the field, from the database error itself', async () => {
    const existing = await signedInUser(t, { email: 'race@example.test' });
    const insert = (values: { username: string; email?: string }) =>
      mapUniqueViolation(() => t.database.db.insert(users).values({ name: 'Racer', ...values }));
    await expect(insert({ username: existing.username })).rejects.toMatchObject({ statusCode: 409, details: { field: 'username' } });
    await expect(insert({ username: 'racer-2', email: 'race@example.test' })).rejects.toMatchObject({
      code: 'CONFLICT',
      details: { field: 'email' },
    });
  });
});
