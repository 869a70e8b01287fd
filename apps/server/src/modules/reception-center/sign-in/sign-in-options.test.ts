import { SESSION_COOKIE } from '@portal/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, createUser, tokensFor } from '../../../../test/app.ts';
import { nextAddress } from '../../../../test/factories/account.ts';
import { makeRole, makeUser, useAdminApp } from '../../../../test/factories/identity.ts';
import { restoreDefaultSettings, setSafe, setSignInOptions, storeAuthUnchecked } from '../../../../test/factories/settings.ts';
import { totpCode } from '../../../../test/factories/totp.ts';

/** The sign-in options and the required authenticator app, enforced by the server. */

const { t } = useAdminApp();
afterEach(() => restoreDefaultSettings(t));

const oauth = (path: string) => `/api/reception-center/oauth${path}`;
const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: oauth(path), payload, remoteAddress: nextAddress() });
const signIn = (user: { username: string; password: string }) => post('/jwt', { username: user.username, password: user.password });
const configOptions = async () => (await t.app.inject({ method: 'GET', url: oauth('/config') })).json().signInOptions;

describe('the sign-in options', () => {
  it('refuse password sign-in while it is off, as the sign-in configuration says', async () => {
    const user = await createUser(t);
    await storeAuthUnchecked(t, { password: false, smsCode: true });
    expect(await configOptions()).toMatchObject({ password: false, qrcode: true, mobile: true });
    const refused = await signIn(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SIGN_IN_OPTION_OFF', details: { option: 'password' } });

    await setSignInOptions(t, { password: true, smsCode: false });
    expect(await configOptions()).toMatchObject({ password: true, mobile: false });
    expect((await signIn(user)).statusCode).toBe(200);
  });

  it('refuse every QR sign-in call while QR is off', async () => {
    const user = await createUser(t);
    const tokens = await tokensFor(t, user.username, user.password);
    const started = await t.app.inject({ method: 'GET', url: oauth('/qrcode') });
    expect(started.statusCode).toBe(200);
    const { qrId, content } = started.json();
    const approveId = new URL(content).searchParams.get('approveId');

    await setSignInOptions(t, { qr: false });
    expect(await configOptions()).toMatchObject({ qrcode: false });
    const calls = [
      await t.app.inject({ method: 'GET', url: oauth('/qrcode') }),
      await t.app.inject({ method: 'GET', url: oauth(`/qrcode/result?qrId=${qrId}`) }),
      await t.app.inject({ method: 'POST', url: oauth('/qrcode/approve'), headers: bearer(tokens.access_token), payload: { approveId } }),
    ];
    for (const refused of calls) expect(refused.json()).toMatchObject({ code: 'SIGN_IN_OPTION_OFF', details: { option: 'qr' } });
    expect(calls.map((call) => call.statusCode)).toEqual([403, 403, 403]);
  });
});

describe('a required authenticator app', () => {
  /** The password step up to the required set-up: its ticket. */
  async function enrolmentTicket(user: { username: string; password: string }): Promise<string> {
    const response = await signIn(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ mfaEnrolmentRequired: true, ticket: expect.any(String), expiresIn: expect.any(Number) });
    expect(response.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
    return response.json().ticket;
  }

  it('is set up at the next sign-in before any session, then asked for like any other', async () => {
    const user = await createUser(t);
    await setSafe(t, { mfaRequired: 'everyone' });
    const ticket = await enrolmentTicket(user);
    // No session (so no code, no token) by any other way meanwhile.
    expect((await post('/jwt/totp', { ticket, code: '000000' })).json().code).toBe('TOTP_INVALID');

    const started = await post('/jwt/totp/enrol', { ticket });
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUrl } = started.json();
    expect(otpauthUrl).toContain('otpauth://totp/');
    expect((await post('/jwt/totp/enrol/confirm', { ticket, code: '000000' })).json().code).toBe('TOTP_INVALID');
    const confirmed = await post('/jwt/totp/enrol/confirm', { ticket, code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ redirect: '/' });
    expect(confirmed.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);
    // The ticket is spent, and the next sign-in asks for a code.
    expect((await post('/jwt/totp/enrol', { ticket })).json().code).toBe('TOTP_INVALID');
    expect((await signIn(user)).json()).toMatchObject({ totpRequired: true });
  });

  it('is not skipped by a QR sign-in approved from a session started before it was required', async () => {
    const user = await createUser(t);
    const phone = await tokensFor(t, user.username, user.password);
    await setSafe(t, { mfaRequired: 'everyone' });
    const { qrId, content } = (await t.app.inject({ method: 'GET', url: oauth('/qrcode') })).json();
    const approveId = new URL(content).searchParams.get('approveId');
    const approve = { method: 'POST', url: oauth('/qrcode/approve'), headers: bearer(phone.access_token), payload: { approveId } } as const;
    expect((await t.app.inject(approve)).statusCode).toBe(200);
    const result = await t.app.inject({ method: 'GET', url: oauth(`/qrcode/result?qrId=${qrId}`) });
    expect(result.statusCode).toBe(403);
    expect(result.json().code).toBe('MFA_ENROLMENT_REQUIRED');
    expect(result.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
  });

  it('asks administrators only (any grant in a console administration section), when set to administrators', async () => {
    await setSafe(t, { mfaRequired: 'administrators' });
    const staff = await createUser(t);
    expect((await signIn(staff)).json()).toEqual({ redirect: '/' });
    const userManager = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:organizationManage:user'] })).id] });
    await enrolmentTicket(userManager);
    await enrolmentTicket({ username: 'admin', password: ADMIN_PASSWORD });
  });
});
