import { DEFAULT_SETTINGS, SESSION_COOKIE } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/app.ts';
import { nextAddress, signedInUser } from '../../../../test/factories/account.ts';
import { smsChannel, startHttpPeer, type HttpPeer } from '../../../../test/factories/channels.ts';
import { adminHeaders, useModuleApp } from '../../../../test/factories/identity.ts';
import { restoreDefaultSettings, setSafe, setSignInOptions, storeAuthUnchecked } from '../../../../test/factories/settings.ts';
import { enrolTotp } from '../../../../test/factories/totp.ts';
import { asSystem } from '../../../platform/db/actor.ts';
import { rawRows } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { jobs } from '../../../platform/jobs/tables.ts';
import { smsSignInCodes } from '../tables.ts';

let gateway: HttpPeer;
beforeAll(async () => {
  gateway = await startHttpPeer(() => ({ status: 202 }));
});
afterAll(() => gateway.close());

const { t, api } = useModuleApp('/api/message-engine');
beforeAll(async () => {
  const created = await api.post('/v1/channels', smsChannel('sms', `${gateway.url}/send`, { maxAttempts: 2 }));
  expect(created.statusCode, created.body).toBe(200);
});
afterEach(async () => {
  await restoreDefaultSettings(t);
  await api.delete('/v1/channels/sms/state');
});

const oauth = (path: string) => `/api/reception-center/oauth${path}`;
const askCode = (phone: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: oauth('/mobile/code'), payload: { phone }, remoteAddress });
const signInWith = (phone: string, code: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: oauth('/jwt/mobile'), payload: { phone, code }, remoteAddress });

let phones = 0;
/** A fresh phone number, written with spaces as people type them. */
const nextPhone = () => {
  phones += 1;
  return `+44 7700 9${String(phones).padStart(5, '0')}`;
};

/** A user with a fresh phone number of their own. */
async function userWithPhone() {
  const phone = nextPhone();
  const user = await createUser(t);
  await asSystem(t.database.db, (db) => db.execute(sql`update users set phone = ${phone} where id = ${user.id}::uuid`));
  return { ...user, phone };
}

/** The texts the gateway received for a number (spaces and dashes aside), once the queued jobs have run. */
async function textsTo(phone: string): Promise<string[]> {
  await t.app.jobs.settled();
  const bare = phone.replace(/[ -]/g, '');
  return gateway.requests
    .map((request) => JSON.parse(request.body) as { to: string; text: string })
    .filter((sent) => sent.to.replace(/[ -]/g, '') === bare)
    .map((sent) => sent.text);
}

async function codeSentTo(phone: string): Promise<string> {
  const text = (await textsTo(phone)).at(-1) ?? '';
  const code = /code is (\d{6})\./.exec(text)?.[1];
  if (!code) throw new Error(`no code arrived for ${phone}: ${text}`);
  return code;
}

/** SMS sign-in switched on with the channel started (as an administrator would). */
async function smsSignInOn() {
  expect((await api.patch('/v1/channels/sms/state', undefined)).statusCode).toBe(200);
  await setSignInOptions(t, { smsCode: true });
}

describe('SMS-code sign-in', () => {
  it('is refused while the sign-in option is off, for the code and for the sign-in', async () => {
    await api.patch('/v1/channels/sms/state', undefined);
    const user = await userWithPhone();
    for (const refused of [await askCode(user.phone), await signInWith(user.phone, '123456')]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'SIGN_IN_OPTION_OFF', details: { option: 'smsCode' } });
    }
    expect(await textsTo(user.phone)).toEqual([]);
  });

  it('answers NOT_CONFIGURED while no SMS channel is started', async () => {
    await storeAuthUnchecked(t, { smsCode: true });
    const user = await userWithPhone();
    const response = await askCode(user.phone);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NOT_CONFIGURED', message: expect.stringMatching(/SMS channel/) });
  });

  it('sends the code through the SMS gateway in the default text, and signs in with it once', async () => {
    await smsSignInOn();
    const user = await userWithPhone();
    const asked = await askCode(user.phone);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ ok: true });
    const [text] = await textsTo(user.phone);
    expect(text).toMatch(/: Your sign-in code is \d{6}\. It expires in 5 minutes\.$/);
    const code = await codeSentTo(user.phone);

    // The code is kept as a hash only; the job that carried it holds it no more; it is no message record.
    const [row] = await t.database.db
      .select()
      .from(smsSignInCodes)
      .where(eq(smsSignInCodes.phone, user.phone.replace(/ /g, '')));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    const carried = await t.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}::text like ${`%${code}%`}`);
    expect(carried).toEqual([]);
    expect(await rawRows(t.database.db, sql`select id from messages`)).toEqual([]);

    const signedIn = await signInWith(user.phone, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({ redirect: expect.any(String) });
    expect(signedIn.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);

    const again = await signInWith(user.phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'SMS_CODE_INVALID', details: { field: 'code' } });
  });

  it('words the code with the sign-in-code template when an administrator wrote one on an SMS channel', async () => {
    await smsSignInOn();
    const template = {
      id: 'sign-in-code',
      name: 'Sign-in code',
      channelId: 'sms',
      body: 'Code {{ code }} for the portal, valid {{ minutes }} min',
      variables: [
        { name: 'code', sample: '123456' },
        { name: 'minutes', sample: 5 },
      ],
    };
    expect((await api.post('/v1/templates', template)).statusCode).toBe(200);
    try {
      const user = await userWithPhone();
      expect((await askCode(user.phone)).statusCode).toBe(200);
      const [text] = await textsTo(user.phone);
      const code = /^Code (\d{6}) for the portal, valid 5 min$/.exec(text ?? '')?.[1];
      expect(code, text).toBeDefined();
      expect((await signInWith(user.phone, code ?? '')).statusCode).toBe(200);
    } finally {
      await api.delete('/v1/templates/sign-in-code');
    }
  });

  it('refuses a wrong code, and voids the code after five wrong ones', async () => {
    await smsSignInOn();
    const user = await userWithPhone();
    expect((await askCode(user.phone)).statusCode).toBe(200);
    const code = await codeSentTo(user.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const refused = await signInWith(user.phone, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'SMS_CODE_INVALID', details: { field: 'code' } });
      expect(refused.json().details.expired).toBeUndefined();
    }
    expect((await signInWith(user.phone, code)).json()).toMatchObject({ code: 'SMS_CODE_INVALID' });
  });

  it('refuses an expired code, saying so only to whoever gives the right one', async () => {
    await smsSignInOn();
    const user = await userWithPhone();
    expect((await askCode(user.phone)).statusCode).toBe(200);
    const code = await codeSentTo(user.phone);
    await t.database.db
      .update(smsSignInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsSignInCodes.phone, user.phone.replace(/ /g, '')));
    const expired = await signInWith(user.phone, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'SMS_CODE_INVALID', details: { field: 'code', expired: true } });
    const wrong = await signInWith(user.phone, code === '000000' ? '111111' : '000000');
    expect(wrong.json().details.expired).toBeUndefined();
  });

  it('drops the SMS of a code that expired before it could leave', async () => {
    await smsSignInOn();
    const user = await userWithPhone();
    await transaction(t.database.db, (tx) =>
      t.app.modules.messageEngine.signInCodes.enqueue(tx, {
        userId: user.id,
        name: user.username,
        phone: user.phone,
        code: '424242',
        expiresAt: new Date(Date.now() - 1000),
      }),
    );
    expect(await textsTo(user.phone)).toEqual([]);
  });

  it('sends one code per number per minute (429 with Retry-After), and limits codes asked from one address', async () => {
    await smsSignInOn();
    const user = await userWithPhone();
    expect((await askCode(user.phone)).statusCode).toBe(200);
    // Written another way, the number is the same.
    const soon = await askCode(user.phone.replace(/ /g, '-'));
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(50);
    expect(await textsTo(user.phone)).toHaveLength(1);

    const address = nextAddress();
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await askCode(`+1 555 0100 ${i}`, address)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers an unknown or disabled number exactly as a known one, and sends nothing', async () => {
    await smsSignInOn();
    const unknown = '+44 7700 123456';
    const answer = await askCode(unknown);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    expect((await askCode(unknown)).statusCode).toBe(429);

    const disabled = await userWithPhone();
    await asSystem(t.database.db, (db) => db.execute(sql`update users set actived = false where id = ${disabled.id}::uuid`));
    expect((await askCode(disabled.phone)).json()).toEqual({ ok: true });
    expect(await textsTo(unknown)).toEqual([]);
    expect(await textsTo(disabled.phone)).toEqual([]);
    expect((await signInWith(unknown, '123456')).json()).toMatchObject({ code: 'SMS_CODE_INVALID' });
  });

  it('asks an account with an authenticator app for its code next, as after a password', async () => {
    await smsSignInOn();
    const phone = nextPhone();
    const user = await signedInUser(t, { phone });
    await enrolTotp(t, user);
    expect((await askCode(phone)).statusCode).toBe(200);
    const answer = await signInWith(phone, await codeSentTo(phone));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ totpRequired: true, ticket: expect.any(String) });
    expect(answer.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
  });

  it('counts wrong codes toward the account lockout, as wrong passwords', async () => {
    await smsSignInOn();
    await setSafe(t, { lockout: { afterFailures: 3, minutes: 15 } });
    const user = await userWithPhone();
    expect((await askCode(user.phone)).statusCode).toBe(200);
    const code = await codeSentTo(user.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await signInWith(user.phone, wrong)).statusCode).toBe(400);
    expect((await signInWith(user.phone, wrong)).statusCode).toBe(400);
    const locked = await signInWith(user.phone, wrong);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    // The right code does not open a locked account; nor does the password.
    expect((await signInWith(user.phone, code)).json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    const password = await t.app.inject({
      method: 'POST',
      url: oauth('/jwt'),
      payload: { username: user.username, password: user.password },
      remoteAddress: nextAddress(),
    });
    expect(password.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
  });
});

describe('the settings rule and the last SMS channel', () => {
  const putAuth = async (smsCode: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/system-config/auth/portal',
      headers: await adminHeaders(t),
      payload: { ...DEFAULT_SETTINGS.auth, signInOptions: { ...DEFAULT_SETTINGS.auth.signInOptions, smsCode } },
    });

  it('allows SMS-code sign-in on only while an SMS channel is started, and keeps that channel started meanwhile', async () => {
    const refused = await putAuth(true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: { field: 'body.signInOptions.smsCode' } });
    expect((await t.app.modules.systemConfig.settings.auth()).signInOptions.smsCode).toBe(false);

    expect((await api.patch('/v1/channels/sms/state', undefined)).statusCode).toBe(200);
    expect((await putAuth(true)).statusCode).toBe(200);
    const config = (await t.app.inject({ method: 'GET', url: oauth('/config') })).json();
    expect(config.signInOptions).toMatchObject({ mobile: true });

    for (const removal of [await api.delete('/v1/channels/sms/state'), await api.delete('/v1/channels/sms')]) {
      expect(removal.statusCode).toBe(409);
      expect(removal.json()).toMatchObject({ code: 'CONFLICT', details: { setting: 'auth.signInOptions.smsCode' } });
    }

    // A second started SMS channel may go; with SMS sign-in off, the last one may too.
    expect((await api.post('/v1/channels', smsChannel('sms-2', `${gateway.url}/two`))).statusCode).toBe(200);
    expect((await api.patch('/v1/channels/sms-2/state', undefined)).statusCode).toBe(200);
    expect((await api.delete('/v1/channels/sms-2/state')).statusCode).toBe(200);
    expect((await putAuth(false)).statusCode).toBe(200);
    expect((await api.delete('/v1/channels/sms/state')).statusCode).toBe(200);
  });
});
