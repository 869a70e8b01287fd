import { SESSION_COOKIE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, tokensFor } from '../../../../test/app.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { DEFAULT_ACCOUNT_LIMITS, SIGN_IN_LIMITS } from './failures.ts';

const { t } = appPerFile();

let address = 0;
/** Each test signs in from its own address so per-address counters do not leak between tests. */
const nextAddress = () => `10.1.0.${++address}`;

const signIn = (body: Record<string, unknown>, remoteAddress: string, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/reception-center/oauth/jwt${query}`, payload: body, remoteAddress });

async function fail(username: string, times: number, ip: string) {
  for (let i = 0; i < times; i++) await signIn({ username, password: 'wrong-password' }, ip);
}

describe('password sign-in', () => {
  it('starts a session on the right password and returns only a safe redirect', async () => {
    const user = await createUser(t);
    const ip = nextAddress();
    const back = '/api/reception-center/oauth/authorize?client_id=portal-web';
    const ok = await signIn({ username: user.username, password: user.password }, ip, `?return_to=${encodeURIComponent(back)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ redirect: back });
    const cookie = ok.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/reception-center' });
    const foreign = await signIn({ username: user.username, password: user.password }, ip, '?return_to=https://evil.example/');
    expect(foreign.json()).toEqual({ redirect: '/' });
  });

  it('gives the same answer for a wrong password and an unknown user, and sets no cookie', async () => {
    const user = await createUser(t);
    const wrong = await signIn({ username: user.username, password: 'nope-nope' }, nextAddress());
    const unknown = await signIn({ username: 'no-such-user', password: 'nope-nope' }, nextAddress());
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expect(wrong.cookies).toHaveLength(0);
  });

  it('asks for a captcha after repeated failures, and accepts the right answer', async () => {
    const user = await createUser(t);
    const ip = nextAddress();
    await fail(user.username, DEFAULT_ACCOUNT_LIMITS.captchaAfter, ip);
    const required = await signIn({ username: user.username, password: user.password }, ip);
    expect(required.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', details: { captchaRequired: true } });

    const image = await t.app.inject({ method: 'GET', url: '/api/reception-center/oauth/verifyCode' });
    expect(image.json().image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrongAnswer = await signIn(
      { username: user.username, password: user.password, captchaId: image.json().captchaId, captchaCode: 'XXXXX' },
      ip,
    );
    expect(wrongAnswer.json().code).toBe('CAPTCHA_INVALID');

    const captcha = await t.app.modules.receptionCenter.captchas.issue();
    const ok = await signIn(
      { username: user.username, password: user.password, captchaId: captcha.captchaId, captchaCode: captcha.answer.toLowerCase() },
      ip,
    );
    expect(ok.statusCode).toBe(200);
    // A captcha is single-use: once the account needs one again, the solved one does not count.
    await fail(user.username, DEFAULT_ACCOUNT_LIMITS.captchaAfter, ip);
    const reused = await signIn(
      { username: user.username, password: 'wrong', captchaId: captcha.captchaId, captchaCode: captcha.answer },
      ip,
    );
    expect(reused.json().code).toBe('CAPTCHA_INVALID');
  });

  it('exchanges a solved captcha for a single-use behaviour token', async () => {
    const user = await createUser(t);
    const ip = nextAddress();
    await fail(user.username, DEFAULT_ACCOUNT_LIMITS.captchaAfter, ip);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/reception-center/oauth/behavior-token?username=${user.username}`,
      remoteAddress: ip,
    });
    expect(status.json()).toEqual({ captchaRequired: true });
    const captcha = await t.app.modules.receptionCenter.captchas.issue();
    const issued = await t.app.inject({
      method: 'GET',
      url: `/api/reception-center/oauth/behavior-token?username=${user.username}&captchaId=${captcha.captchaId}&captchaCode=${captcha.answer}`,
      remoteAddress: ip,
    });
    const { token } = issued.json();
    expect(token).toEqual(expect.any(String));
    expect((await signIn({ username: user.username, password: user.password, behaviorToken: token }, ip)).statusCode).toBe(200);
    await fail(user.username, DEFAULT_ACCOUNT_LIMITS.captchaAfter, ip);
    expect((await signIn({ username: user.username, password: user.password, behaviorToken: token }, ip)).json().code).toBe(
      'CAPTCHA_INVALID',
    );
  });

  it('locks the account for a while after more failures, even for the right password', async () => {
    const user = await createUser(t);
    const ip = nextAddress();
    const solved = async () => {
      const captcha = await t.app.modules.receptionCenter.captchas.issue();
      return { captchaId: captcha.captchaId, captchaCode: captcha.answer };
    };
    for (let i = 0; i < DEFAULT_ACCOUNT_LIMITS.lockAccountAfter; i++) {
      await signIn({ username: user.username, password: 'wrong-password', ...(await solved()) }, ip);
    }
    const locked = await signIn({ username: user.username, password: user.password, ...(await solved()) }, nextAddress());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('counts failures per address across accounts', async () => {
    const ip = nextAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.captchaAfterFromAddress - 1; i++) await signIn({ username: `someone-${i}`, password: 'x' }, ip);
    const user = await createUser(t);
    expect((await signIn({ username: user.username, password: user.password }, ip)).statusCode).toBe(200);
    await signIn({ username: 'someone-else', password: 'x' }, ip);
    expect((await signIn({ username: user.username, password: user.password }, ip)).json().code).toBe('CAPTCHA_REQUIRED');
    expect((await signIn({ username: user.username, password: user.password }, nextAddress())).statusCode).toBe(200);
  });
});

describe('other sign-in calls', () => {
  it('changes a password with the current one', async () => {
    const user = await createUser(t);
    const change = (oldPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/reception-center/oauth/password',
        payload: { username: user.username, oldPassword, newPassword },
        remoteAddress: nextAddress(),
      });
    expect((await change('not-it-at-all', 'new-password-2')).json().code).toBe('INVALID_CREDENTIALS');
    expect((await change(user.password, 'short')).statusCode).toBe(400);
    expect((await change(user.password, 'new-password-2')).statusCode).toBe(200);
    expect((await signIn({ username: user.username, password: user.password }, nextAddress())).statusCode).toBe(400);
    expect((await signIn({ username: user.username, password: 'new-password-2' }, nextAddress())).statusCode).toBe(200);
  });

  it('signs in by QR code once a signed-in session approves it', async () => {
    const user = await createUser(t);
    const start = (await t.app.inject({ method: 'GET', url: '/api/reception-center/oauth/qrcode' })).json();
    const poll = () => t.app.inject({ method: 'GET', url: `/api/reception-center/oauth/qrcode/result?qrId=${start.qrId}` });
    expect((await poll()).json()).toEqual({ status: 'pending' });
    const approveId = new URL(start.content).searchParams.get('approveId');
    const tokens = await tokensFor(t, user.username, user.password);
    const approve = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/qrcode/approve',
      payload: { approveId },
      headers: bearer(tokens.access_token),
    });
    expect(approve.statusCode).toBe(200);
    const approved = await poll();
    expect(approved.json()).toEqual({ status: 'approved', redirect: '/' });
    expect(approved.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBeTruthy();
    expect((await poll()).json()).toEqual({ status: 'expired' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/qrcode/approve',
      payload: { approveId },
      headers: bearer(tokens.access_token),
    });
    expect(again.statusCode).toBe(404);
  });
});
