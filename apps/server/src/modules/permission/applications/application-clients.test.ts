import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, tokenRequest } from '../../../../test/app.ts';
import { registerApplication } from '../../../../test/factories/applications.ts';
import { apiAs, auditOf, makeRole, makeUser, tokenOf, useAdminApp } from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

const clientsOf = (applicationId: string) => `/v4/applications/${applicationId}/clients`;
const webClient = { kind: 'web', confidential: true, redirectUris: ['https://crm.example.com/callback'] };

/** An application handed to a fresh user without any role: its owner. */
async function ownedApplication() {
  const owner = await makeUser(t);
  const application = await registerApplication(api, { type: 'WebThird', appUrl: 'https://crm.example.com/' });
  expect((await api.patch(`/applications/${application.id}/owner`, { ownerId: owner.id })).statusCode).toBe(200);
  return { application, owner: apiAs(t, await tokenOf(t, owner)) };
}

const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
const introspect = (caller: { id: string; secret: string }, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reception-center/oauth/introspect',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(caller.id, caller.secret) },
    payload: new URLSearchParams({ token }).toString(),
  });

describe("an application's OAuth clients", () => {
  it('registers a web and a machine client, shows each secret once, never in the list, and audits without it', async () => {
    const application = await registerApplication(api, { type: 'WebThird', appUrl: 'https://crm.example.com/' });
    const web = await api.post(clientsOf(application.id), {
      ...webClient,
      postLogoutRedirectUris: ['https://crm.example.com/bye'],
    });
    expect(web.statusCode).toBe(200);
    expect(web.json()).toMatchObject({
      client: {
        kind: 'web',
        confidential: true,
        redirectUris: ['https://crm.example.com/callback'],
        postLogoutRedirectUris: ['https://crm.example.com/bye'],
        grantTypes: ['authorization_code', 'refresh_token'],
      },
      clientSecret: expect.any(String),
    });
    const machine = (await api.post(clientsOf(application.id), { kind: 'machine' })).json();
    expect(machine.client).toMatchObject({ kind: 'machine', confidential: true, grantTypes: ['client_credentials'], redirectUris: [] });
    const listed = await api.get(clientsOf(application.id));
    expect(listed.json()).toEqual([machine.client, web.json().client]);
    for (const secret of [web.json().clientSecret, machine.clientSecret]) {
      expect(listed.body).not.toContain(secret);
      expect(JSON.stringify(await auditOf(t, 'applications.clients.create'))).not.toContain(secret);
    }
    // One client of each kind per application.
    const second = await api.post(clientsOf(application.id), { kind: 'machine' });
    expect(second.statusCode).toBe(409);
  });

  it('rotates a secret: the new one works at the token endpoint, the old one no longer does', async () => {
    const application = await registerApplication(api);
    const { client, clientSecret } = (await api.post(clientsOf(application.id), { kind: 'machine' })).json();
    const grant = (secret: string) =>
      tokenRequest(t, { grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret });
    expect((await grant(clientSecret)).statusCode).toBe(200);
    const rotated = await api.post(`${clientsOf(application.id)}/${client.clientId}/secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().clientSecret;
    expect(fresh).not.toBe(clientSecret);
    expect((await grant(clientSecret)).json()).toMatchObject({ error: 'invalid_client' });
    expect((await grant(fresh)).statusCode).toBe(200);
  });

  it('edits and removes a client; a removed client gets no tokens', async () => {
    const application = await registerApplication(api);
    const { client } = (await api.post(clientsOf(application.id), { ...webClient, confidential: false })).json();
    expect(client.confidential).toBe(false);
    const path = `${clientsOf(application.id)}/${client.clientId}`;
    const edited = await api.put(path, {
      confidential: true,
      redirectUris: ['http://127.0.0.1:8080/cb'],
      grantTypes: ['authorization_code'],
    });
    expect(edited.json()).toMatchObject({
      client: { confidential: true, redirectUris: ['http://127.0.0.1:8080/cb'], grantTypes: ['authorization_code'] },
      clientSecret: expect.any(String),
    });
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      client_id: client.clientId,
      client_secret: edited.json().clientSecret,
      refresh_token: 'x',
    });
    expect(refresh.json()).toMatchObject({ error: 'unauthorized_client' });
    expect((await api.delete(path)).json()).toEqual({ ok: true });
    expect((await api.get(clientsOf(application.id))).json()).toEqual([]);
    const after = await tokenRequest(t, { grant_type: 'refresh_token', client_id: client.clientId, refresh_token: 'x' });
    expect(after.json()).toMatchObject({ error: 'invalid_client' });
    expect((await api.delete(path)).statusCode).toBe(404);
  });

  // The test portal runs on http, so plain http addresses are allowed here (client-registration.test.ts covers https portals).
  it('refuses bad registrations with a 400 naming the field, and stores nothing', async () => {
    const application = await registerApplication(api);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'web' }, 'redirectUris'],
      [{ ...webClient, redirectUris: ['/relative'] }, 'redirectUris'],
      [{ ...webClient, redirectUris: ['ftp://files.example.com/cb'] }, 'redirectUris'],
      [{ ...webClient, redirectUris: ['https://crm.example.com/cb#frag'] }, 'redirectUris'],
      [{ ...webClient, postLogoutRedirectUris: ['https://crm.example.com/bye#x'] }, 'postLogoutRedirectUris'],
      [{ ...webClient, grantTypes: ['client_credentials'] }, 'grantTypes'],
      [{ ...webClient, grantTypes: ['refresh_token'] }, 'grantTypes'],
      [{ ...webClient, grantTypes: ['password'] }, 'grantTypes'],
      [{ kind: 'machine', redirectUris: ['https://crm.example.com/cb'] }, 'redirectUris'],
      [{ kind: 'machine', confidential: false }, 'confidential'],
      [{ kind: 'machine', grantTypes: ['authorization_code'] }, 'grantTypes'],
      [{ kind: 'robot' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const response = await api.post(clientsOf(application.id), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await api.get(clientsOf(application.id))).json()).toEqual([]);
    expect((await api.post(clientsOf(randomUUID()), webClient)).statusCode).toBe(404);
    expect((await api.post(clientsOf('not-a-uuid'), webClient)).statusCode).toBe(400);
    const { client } = (await api.post(clientsOf(application.id), webClient)).json();
    const edit = await api.put(`${clientsOf(application.id)}/${client.clientId}`, { redirectUris: ['https://x.example.com/#a'] });
    expect(edit.statusCode).toBe(400);
    expect((await api.get(clientsOf(application.id))).json()[0].redirectUris).toEqual(webClient.redirectUris);
  });
});

describe('who may manage an application’s clients', () => {
  it('lets the owner manage their own application, and refuses them on another application', async () => {
    const mine = await ownedApplication();
    const theirs = await ownedApplication();
    const registered = await mine.owner.post(clientsOf(mine.application.id), { kind: 'machine' });
    expect(registered.statusCode).toBe(200);
    const { client } = registered.json();
    expect((await mine.owner.get(clientsOf(mine.application.id))).statusCode).toBe(200);

    const other = `${clientsOf(theirs.application.id)}/${client.clientId}`;
    expect((await mine.owner.get(clientsOf(theirs.application.id))).statusCode).toBe(403);
    expect((await mine.owner.post(clientsOf(theirs.application.id), { kind: 'machine' })).statusCode).toBe(403);
    expect((await mine.owner.post(`${other}/secret`)).statusCode).toBe(403);
    expect((await mine.owner.delete(other)).statusCode).toBe(403);
    // The other owner cannot reach this client through their own application either.
    expect((await theirs.owner.post(`${clientsOf(theirs.application.id)}/${client.clientId}/secret`)).statusCode).toBe(404);
    expect((await theirs.owner.delete(`${clientsOf(theirs.application.id)}/${client.clientId}`)).statusCode).toBe(404);
    expect((await api.get(clientsOf(mine.application.id))).json()).toHaveLength(1);
  });

  it('refuses a user holding one unrelated point, and lets a holder of the clients point manage them', async () => {
    const application = await registerApplication(api);
    const { client } = (await api.post(clientsOf(application.id), { kind: 'machine' })).json();
    const narrow = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['applicationManage:application:state'] })).id] });
    const narrowApi = apiAs(t, await tokenOf(t, narrow));
    expect((await narrowApi.get(clientsOf(application.id))).statusCode).toBe(403);
    expect((await narrowApi.post(clientsOf(application.id), webClient)).statusCode).toBe(403);
    expect((await narrowApi.post(`${clientsOf(application.id)}/${client.clientId}/secret`)).statusCode).toBe(403);
    expect((await narrowApi.put(`${clientsOf(application.id)}/${client.clientId}`, {})).statusCode).toBe(403);
    expect((await narrowApi.delete(`${clientsOf(application.id)}/${client.clientId}`)).statusCode).toBe(403);
    expect((await api.get(clientsOf(application.id))).json()).toEqual([client]);

    const holder = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['applicationManage:application:clients'] })).id] });
    const holderApi = apiAs(t, await tokenOf(t, holder));
    expect((await holderApi.post(clientsOf(application.id), webClient)).statusCode).toBe(200);
    expect((await holderApi.post(`${clientsOf(application.id)}/${client.clientId}/secret`)).statusCode).toBe(200);
  });
});

describe('the client_credentials grant and introspection', () => {
  it('issues an access token naming the client and its application, which introspection reports and the portal refuses', async () => {
    const application = await registerApplication(api);
    const { client, clientSecret } = (await api.post(clientsOf(application.id), { kind: 'machine' })).json();
    const basicGrant = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(client.clientId, clientSecret) },
      payload: 'grant_type=client_credentials',
    });
    expect(basicGrant.statusCode).toBe(200);
    const tokens = basicGrant.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.id_token).toBeUndefined();
    const posted = await tokenRequest(t, { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret });
    expect(posted.statusCode).toBe(200);

    const report = await introspect({ id: client.clientId, secret: clientSecret }, tokens.access_token);
    expect(report.json()).toMatchObject({
      active: true,
      client_id: client.clientId,
      sub: client.clientId,
      application_id: application.id,
      token_type: 'Bearer',
      iss: expect.stringMatching(/\/api\/reception-center$/),
    });
    expect(report.json().exp).toBeGreaterThan(report.json().iat);
    // A machine's token names no user: no portal route takes it.
    const who = await t.app.inject({ method: 'GET', url: '/api/reception-center/member/who', headers: bearer(tokens.access_token) });
    expect(who.statusCode).toBe(401);

    for (const token of ['not-a-token', `${tokens.access_token.slice(0, -4)}AAAA`]) {
      expect((await introspect({ id: client.clientId, secret: clientSecret }, token)).json()).toEqual({ active: false });
    }
    // Removing the client ends its tokens.
    await api.delete(`${clientsOf(application.id)}/${client.clientId}`);
    const other = (await api.post(clientsOf((await registerApplication(api)).id), { kind: 'machine' })).json();
    expect((await introspect({ id: other.client.clientId, secret: other.clientSecret }, tokens.access_token)).json()).toEqual({
      active: false,
    });
  });

  it('refuses the grant to a web client, a public client and a wrong secret; refuses introspection to a public client', async () => {
    const application = await registerApplication(api);
    const web = (await api.post(clientsOf(application.id), webClient)).json();
    const asWeb = await tokenRequest(t, {
      grant_type: 'client_credentials',
      client_id: web.client.clientId,
      client_secret: web.clientSecret,
    });
    expect(asWeb.statusCode).toBe(400);
    expect(asWeb.json()).toMatchObject({ error: 'unauthorized_client' });
    const publicApp = await registerApplication(api);
    const pub = (await api.post(clientsOf(publicApp.id), { ...webClient, confidential: false })).json();
    const asPublic = await tokenRequest(t, { grant_type: 'client_credentials', client_id: pub.client.clientId });
    expect(asPublic.statusCode).toBe(401);
    expect(asPublic.json()).toMatchObject({ error: 'invalid_client' });
    const wrong = await tokenRequest(t, { grant_type: 'client_credentials', client_id: web.client.clientId, client_secret: 'wrong' });
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });

    const publicIntrospection = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/introspect',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=x&client_id=${pub.client.clientId}`,
    });
    expect(publicIntrospection.statusCode).toBe(401);
    expect(publicIntrospection.json().error).toBe('invalid_client');
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/introspect',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(web.client.clientId, web.clientSecret) },
      payload: '',
    });
    expect(noToken.json()).toMatchObject({ error: 'invalid_request', error_description: 'token is required' });
  });

  it('advertises introspection and the client_credentials grant in the discovery document', async () => {
    const discovery = (await t.app.inject({ method: 'GET', url: '/api/reception-center/.well-known/openid-configuration' })).json();
    expect(discovery.introspection_endpoint).toMatch(/\/api\/reception-center\/oauth\/introspect$/);
    expect(discovery.grant_types_supported).toEqual(['authorization_code', 'refresh_token', 'client_credentials']);
  });
});

describe('launching an application that has a web client', () => {
  it('marks it for single sign-on in the caller’s list and hands out no token for it; one without a client keeps the token launch', async () => {
    const sso = await registerApplication(api, { type: 'WebThird', appUrl: 'https://sso.example.com/' });
    const plain = await registerApplication(api, { type: 'WebThird', appUrl: 'https://plain.example.com/' });
    await api.post(clientsOf(sso.id), { kind: 'machine' });
    const mine = async () => (await api.get('/applications/self')).json() as { id: string; singleSignOn?: boolean }[];
    // A machine client signs nobody in: the token launch stays.
    expect((await mine()).find((app) => app.id === sso.id)?.singleSignOn).toBeUndefined();
    expect((await api.post(`/applications/self/${sso.id}/token`)).statusCode).toBe(200);

    await api.post(clientsOf(sso.id), webClient);
    const listed = await mine();
    expect(listed.find((app) => app.id === sso.id)?.singleSignOn).toBe(true);
    expect(listed.find((app) => app.id === plain.id)?.singleSignOn).toBeUndefined();
    const refused = await api.post(`/applications/self/${sso.id}/token`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual({ field: 'applicationId' });
    expect((await api.post(`/applications/self/${plain.id}/token`)).statusCode).toBe(200);
  });
});
