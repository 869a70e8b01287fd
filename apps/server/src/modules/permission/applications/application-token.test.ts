import { SESSION_COOKIE, type Application, type ApplicationToken } from '@portal/contracts';
import { decodeJwt, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { fillPath } from '../../../../test/route-inputs.ts';
import { ADMIN_PASSWORD, bearer, signedInSession, tokensFor, type TestApp } from '../../../../test/app.ts';
import { registerApplication } from '../../../../test/factories/applications.ts';
import { makeRole, makeUser, tokenOf, useAdminApp } from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

const WHO = '/api/reception-center/member/who';
const tokenUrl = (applicationId: string) => `/api/permission/applications/self/${applicationId}/token`;

const askToken = (portalToken: string, applicationId: string) =>
  t.app.inject({ method: 'POST', url: tokenUrl(applicationId), headers: bearer(portalToken) });

const call = (app: TestApp, method: 'GET' | 'POST', url: string, token: string) => app.app.inject({ method, url, headers: bearer(token) });

const thirdParty = (input: Partial<Application> = {}) =>
  registerApplication(api, { type: 'WebThird', openType: 'Current', appUrl: 'https://third.example/page', ...input });

/** A user whose role reaches the application's root (so it is on their workbench), signed in. */
async function holderOf(...apps: Application[]) {
  const role = await makeRole(t, { resources: apps.map((app) => app.instant) });
  const user = await makeUser(t, { roleIds: [role.id] });
  return { user, token: await tokenOf(t, user) };
}

async function applicationToken(portalToken: string, applicationId: string): Promise<ApplicationToken> {
  const response = await askToken(portalToken, applicationId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApplicationToken>();
}

/** A sign-in whose session cookie is kept, so the test can sign that session out. */
async function signedInWithCookie(user: { username: string; password: string }) {
  const { session, response } = await signedInSession(t, user.username, user.password);
  return { session, accessToken: response.json<{ access_token: string }>().access_token };
}

describe('POST /applications/self/{applicationId}/token', () => {
  it('gives a holder a short-lived token for that application only, signed by the portal key', async () => {
    const app = await thirdParty();
    const { user, token } = await holderOf(app);
    const before = Math.floor(Date.now() / 1000);
    const issued = await applicationToken(token, app.id);
    expect(issued).toMatchObject({ audience: app.id, expiresIn: 300 });
    expect(issued.token).not.toBe(token);

    const { payload, protectedHeader } = await jwtVerify(issued.token, t.app.modules.receptionCenter.key.publicKey, {
      issuer: t.app.modules.receptionCenter.issuer,
      audience: app.id,
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(user.id);
    expect(payload.scope).toBe('');
    expect(payload.client_id).toBeUndefined();
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.exp!).toBeGreaterThanOrEqual(before + 300);
    // The same session as the portal token it was asked with: it ends with it.
    expect(payload.sid).toBe(decodeJwt(token).sid);
    expect(payload.fid).toBe(decodeJwt(token).fid);
  });

  it('is accepted by member/who, which tells the page who its user is', async () => {
    const app = await thirdParty();
    const { user, token } = await holderOf(app);
    const { token: appToken } = await applicationToken(token, app.id);
    const who = await call(t, 'GET', WHO, appToken);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ id: user.id, username: user.username });
  });

  it('is refused by console endpoints, ordinary signed-in endpoints and the token endpoint itself', async () => {
    const app = await thirdParty();
    // Even an administrator's application token reaches nothing but member/who.
    const adminToken = (await tokensFor(t, 'admin', ADMIN_PASSWORD)).access_token;
    expect((await call(t, 'GET', '/api/permission/users', adminToken)).statusCode).toBe(200);
    const { token: appToken } = await applicationToken(adminToken, app.id);
    for (const [method, url] of [
      ['GET', '/api/permission/users'],
      ['GET', '/api/permission/users/self'],
      ['GET', '/api/permission/applications/self'],
      ['POST', tokenUrl(app.id)],
    ] as const) {
      const response = await call(t, method, url, appToken);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    }
  });

  it('is refused by every signed-in or gated route but member/who and OIDC userinfo', async () => {
    const app = await thirdParty();
    const { token } = await holderOf(app);
    const { token: appToken } = await applicationToken(token, app.id);
    const routes = t.app.registeredRoutes.filter((route) => route.access !== 'open');
    const accepting = routes.filter((route) => route.acceptsApplicationToken).map((route) => `${route.method} ${route.url}`);
    expect(accepting.sort()).toEqual([`GET ${WHO}`, 'GET /api/reception-center/oauth/userinfo'].sort());
    for (const route of routes.filter((candidate) => !candidate.acceptsApplicationToken)) {
      const response = await t.app.inject({ method: route.method as 'GET', url: fillPath(route.url), headers: bearer(appToken) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('answers 403 to a user who may not open the application', async () => {
    const app = await thirdParty();
    const other = await thirdParty();
    const { token } = await holderOf(other);
    const response = await askToken(token, app.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    // A disabled application is no longer one the holder may open.
    await api.patch(`/applications/${other.id}/state`, { state: 'disabled' });
    expect((await askToken(token, other.id)).statusCode).toBe(403);
  });

  it('refuses an application that is not a third-party page, and answers 401 without a portal token', async () => {
    const web = await registerApplication(api, { type: 'Web' });
    const { token } = await holderOf(web);
    const response = await askToken(token, web.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await t.app.inject({ method: 'POST', url: tokenUrl(web.id) })).statusCode).toBe(401);
  });

  it('is refused once the chain it was asked under is revoked, as the portal token is', async () => {
    const app = await thirdParty();
    const { token } = await holderOf(app);
    const { token: appToken } = await applicationToken(token, app.id);
    expect((await call(t, 'GET', WHO, appToken)).statusCode).toBe(200);
    await t.app.modules.receptionCenter.revokeFamilies([String(decodeJwt(token).fid)]);
    expect((await call(t, 'GET', WHO, appToken)).statusCode).toBe(401);
    expect((await call(t, 'GET', WHO, token)).statusCode).toBe(401);
  });

  it('stops working when its session signs out', async () => {
    const app = await thirdParty();
    const { user } = await holderOf(app);
    const { session, accessToken } = await signedInWithCookie(user);
    const { token: appToken } = await applicationToken(accessToken, app.id);
    expect((await call(t, 'GET', WHO, appToken)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'GET', url: '/api/reception-center/oauth/logout', cookies: { [SESSION_COOKIE]: session } });
    expect(logout.statusCode, logout.body).toBe(302);
    expect((await call(t, 'GET', WHO, appToken)).statusCode).toBe(401);
  });

  it('stops working when its session is signed out from another one', async () => {
    const app = await thirdParty();
    const { user, token: first } = await holderOf(app);
    const { token: appToken } = await applicationToken(first, app.id);
    const second = await tokenOf(t, user);
    expect((await call(t, 'GET', WHO, appToken)).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: '/api/permission/users/self/sessions', headers: bearer(second) });
    expect(revoked.json()).toMatchObject({ revoked: 1 });
    expect((await call(t, 'GET', WHO, appToken)).statusCode).toBe(401);
    expect((await call(t, 'GET', WHO, second)).statusCode).toBe(200);
  });
});
