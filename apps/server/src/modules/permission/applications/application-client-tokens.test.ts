import { describe, expect, it } from 'vitest';
import { bearer, tokenRequest } from '../../../../test/app.ts';
import { clientsOf, registerApplication, webClient } from '../../../../test/factories/applications.ts';
import { useAdminApp } from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
const introspect = (caller: { id: string; secret: string }, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reception-center/oauth/introspect',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(caller.id, caller.secret) },
    payload: new URLSearchParams({ token }).toString(),
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
