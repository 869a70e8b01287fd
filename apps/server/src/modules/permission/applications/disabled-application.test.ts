/**
 * Issue 28, finding 4: a disabled application keeps working. Replayed with an account holding only
 * the application-state point (who disables it) and the application's owner (who holds no point):
 * disabled, none of its clients gets a token or a code, its tokens are inactive and refused, its
 * secrets are not rotated; enabled again, the same secrets and refresh chains work again.
 */
import { SESSION_COOKIE, type TokenResponse } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl, bearer, pkce, signIn, tokenRequest } from '../../../../test/app.ts';
import { clientsOf, registerApplication } from '../../../../test/factories/applications.ts';
import { answerConsent, authorizeFor, exchangeAs, ownedWebClient, type OwnedWebClient } from '../../../../test/factories/consent.ts';
import { apiAs, makeRole, makeUser, tokenOf, useAdminApp, type Api } from '../../../../test/factories/identity.ts';
import { oauthClients, refreshChains } from '../../../../test/tables.ts';

const { t, api } = useAdminApp();

interface Machine {
  clientId: string;
  clientSecret: string;
}

const clientCredentials = (machine: Machine) =>
  tokenRequest(t, { grant_type: 'client_credentials', client_id: machine.clientId, client_secret: machine.clientSecret });

const introspectAs = async (asking: Machine, token: string) =>
  (await tokenRequest(t, { token, client_id: asking.clientId, client_secret: asking.clientSecret }, '/introspect')).json();

const who = (token: string) => t.app.inject({ method: 'GET', url: '/api/reception-center/member/who', headers: bearer(token) });

/** The code flow of a signed-in user for the web client, through the consent page when it asks. */
async function codeFor(session: string, web: OwnedWebClient): Promise<{ code: string; verifier: string }> {
  const { location, ticket, verifier } = await authorizeFor(t, session, web);
  if (ticket === undefined) return { code: location.searchParams.get('code') ?? '', verifier };
  const allowed = await answerConsent(t, session, { ticket, allow: true });
  expect(allowed.statusCode, allowed.body).toBe(200);
  const back = new URL(String(allowed.json().redirectTo), t.config.publicUrl);
  return { code: back.searchParams.get('code') ?? '', verifier };
}

const refreshAs = (web: OwnedWebClient, refreshToken: string) =>
  tokenRequest(t, { grant_type: 'refresh_token', client_id: web.clientId, client_secret: web.clientSecret, refresh_token: refreshToken });

/** Everything the refused calls must leave as it was: the application's clients (their secrets) and its chains. */
async function clientState(web: OwnedWebClient) {
  const { db } = t.database;
  const clients = await db.select().from(oauthClients).where(eq(oauthClients.applicationId, web.applicationId)).orderBy(oauthClients.id);
  const chains = await db.select().from(refreshChains).where(eq(refreshChains.clientId, web.clientId));
  return JSON.stringify({ clients, chains });
}

let web: OwnedWebClient;
let machine: Machine;
let stateKeeper: Api;
/** A resource server: another application, whose API the disabled one is authorised to call. */
let resource: Machine;
let member: { session: string };
let tokens: TokenResponse;
let machineToken: string;

const setState = (state: 'enabled' | 'disabled') => stateKeeper.patch(`/applications/${web.applicationId}/state`, { state });

beforeAll(async () => {
  web = await ownedWebClient(t, api);
  const registered = await web.owner.post(clientsOf(web.applicationId), { kind: 'machine' });
  expect(registered.statusCode, registered.body).toBe(200);
  machine = { clientId: registered.json().client.clientId, clientSecret: registered.json().clientSecret };
  const role = await makeRole(t, { resources: ['applicationManage:application:state'] });
  stateKeeper = apiAs(t, await tokenOf(t, await makeUser(t, { roleIds: [role.id] })));

  const resourceApp = await registerApplication(api);
  const exposed = (await api.post(`/v4/applications/${resourceApp.id}/external-apis`, { method: 'GET', path: '/orders' })).json();
  const granted = await api.post(`/v4/applications/${resourceApp.id}/apis-authorization`, {
    apiId: exposed.id,
    callerApplicationId: web.applicationId,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  expect(granted.statusCode, granted.body).toBe(200);
  const resourceClient = (await api.post(clientsOf(resourceApp.id), { kind: 'machine' })).json();
  resource = { clientId: resourceClient.client.clientId, clientSecret: resourceClient.clientSecret };

  const user = await makeUser(t);
  member = { session: await signIn(t.app, user.username, user.password) };
  const { code, verifier } = await codeFor(member.session, web);
  const exchanged = await exchangeAs(t, web, code, verifier);
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  tokens = exchanged.json();
  const issued = await clientCredentials(machine);
  expect(issued.statusCode, issued.body).toBe(200);
  machineToken = issued.json().access_token;
});

describe('a disabled application', () => {
  it('works while enabled: its tokens are honoured and introspect active for the resource server it may call', async () => {
    expect((await who(tokens.access_token)).statusCode).toBe(200);
    expect(await introspectAs(resource, machineToken)).toMatchObject({ active: true, application_id: web.applicationId });
  });

  it('gets no token or code, its tokens are inactive and refused, and its secrets are not rotated; enabled again, all works again', async () => {
    // A code obtained before the switch, not yet exchanged.
    const pending = await codeFor(member.session, web);
    const before = await clientState(web);

    const disabled = await setState('disabled');
    expect(disabled.statusCode, disabled.body).toBe(200);

    // client_credentials, authorization_code and refresh_token: the client is unknown while disabled.
    for (const refused of [
      await clientCredentials(machine),
      await exchangeAs(t, web, pending.code, pending.verifier),
      await refreshAs(web, tokens.refresh_token),
    ]) {
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json()).toMatchObject({ error: 'invalid_client' });
    }
    // Earlier tokens: inactive for the resource server, refused by the portal's own endpoints.
    expect(await introspectAs(resource, machineToken)).toEqual({ active: false });
    expect((await who(tokens.access_token)).statusCode).toBe(401);
    // Its own client cannot introspect either.
    expect((await tokenRequest(t, { token: machineToken, ...asForm(machine) }, '/introspect')).statusCode).toBe(401);
    // Authorize tells the user and does not redirect to the client (RFC 6749 §4.1.2.1).
    const { challenge } = pkce();
    const authorize = await t.app.inject({
      method: 'GET',
      url: authorizeUrl(t, challenge, { client_id: web.clientId, redirect_uri: web.redirectUri }),
      cookies: { [SESSION_COOKIE]: member.session },
    });
    expect(authorize.statusCode).toBe(400);
    expect(authorize.headers.location).toBeUndefined();
    expect(authorize.json()).toMatchObject({ code: 'invalid_client' });
    // The owner rotates no secret of it, nor turns a client confidential (a new secret either way).
    const rotated = await web.owner.post(`${clientsOf(web.applicationId)}/${machine.clientId}/secret`);
    expect(rotated.statusCode, rotated.body).toBe(409);
    expect(rotated.body).not.toContain('clientSecret');
    expect(await clientState(web)).toBe(before);

    const enabled = await setState('enabled');
    expect(enabled.statusCode, enabled.body).toBe(200);
    // The same secrets, the same chain; its unexpired tokens are honoured again (a suspension, not a revocation).
    expect((await clientCredentials(machine)).statusCode).toBe(200);
    expect(await introspectAs(resource, machineToken)).toMatchObject({ active: true });
    expect((await who(tokens.access_token)).statusCode).toBe(200);
    const refreshed = await refreshAs(web, tokens.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    tokens = refreshed.json();
    expect((await who(tokens.access_token)).statusCode).toBe(200);
    const again = await codeFor(member.session, web);
    expect((await exchangeAs(t, web, again.code, again.verifier)).statusCode).toBe(200);
    expect((await web.owner.post(`${clientsOf(web.applicationId)}/${machine.clientId}/secret`)).statusCode).toBe(200);
  });

  it('issues no secret to a new client of a disabled application, and registers a public one', async () => {
    const application = await registerApplication(api, { type: 'WebThird', appUrl: 'https://quiet.example/' });
    expect((await stateKeeper.patch(`/applications/${application.id}/state`, { state: 'disabled' })).statusCode).toBe(200);
    const confidential = await api.post(clientsOf(application.id), { kind: 'machine' });
    expect(confidential.statusCode, confidential.body).toBe(409);
    expect(confidential.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await api.get(clientsOf(application.id))).json()).toEqual([]);
    const publicClient = await api.post(clientsOf(application.id), {
      kind: 'web',
      confidential: false,
      redirectUris: ['https://quiet.example/cb'],
    });
    expect(publicClient.statusCode, publicClient.body).toBe(200);
    expect(publicClient.json().clientSecret).toBeNull();
    // Turning it confidential would issue its first secret: refused too, and it stays public.
    const turned = await api.put(`${clientsOf(application.id)}/${publicClient.json().client.clientId}`, {
      confidential: true,
      redirectUris: ['https://quiet.example/cb'],
    });
    expect(turned.statusCode, turned.body).toBe(409);
    expect((await api.get(clientsOf(application.id))).json()).toMatchObject([{ confidential: false }]);
  });

  it("refuses a third-party page's application token at member/who while its application is disabled", async () => {
    // The administrator may open every application; a WebThird one without a web client is handed a token.
    const page = await registerApplication(api, { type: 'WebThird', appUrl: 'https://third.example/' });
    const handed = await api.post(`/applications/self/${page.id}/token`);
    expect(handed.statusCode, handed.body).toBe(200);
    const token: string = handed.json().token;
    expect((await who(token)).statusCode).toBe(200);
    const switchTo = (state: string) => stateKeeper.patch(`/applications/${page.id}/state`, { state });
    expect((await switchTo('disabled')).statusCode).toBe(200);
    expect((await who(token)).statusCode).toBe(401);
    expect((await switchTo('enabled')).statusCode).toBe(200);
    expect((await who(token)).statusCode).toBe(200);
  });
});

const asForm = (client: Machine) => ({ client_id: client.clientId, client_secret: client.clientSecret });
