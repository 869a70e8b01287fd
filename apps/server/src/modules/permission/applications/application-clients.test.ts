import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenRequest } from '../../../../test/app.ts';
import { clientsOf, registerApplication, webClient } from '../../../../test/factories/applications.ts';
import { apiAs, auditOf, makeRole, makeUser, tokenOf, useAdminApp } from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

/** An application handed to a fresh user without any role: its owner. */
async function ownedApplication() {
  const owner = await makeUser(t);
  const application = await registerApplication(api, { type: 'WebThird', appUrl: 'https://crm.example.com/' });
  expect((await api.patch(`/applications/${application.id}/owner`, { ownerId: owner.id })).statusCode).toBe(200);
  return { application, owner: apiAs(t, await tokenOf(t, owner)) };
}

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

  it('rotates a secret: the new one works at the token endpoint, the old one no longer does, nor do its tokens', async () => {
    const application = await registerApplication(api);
    const { client, clientSecret } = (await api.post(clientsOf(application.id), { kind: 'machine' })).json();
    const grant = (secret: string) =>
      tokenRequest(t, { grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret });
    const introspected = async (token: string, secret: string) =>
      (await tokenRequest(t, { token, client_id: client.clientId, client_secret: secret }, '/introspect')).json().active;
    const first = await grant(clientSecret);
    expect(first.statusCode).toBe(200);
    const oldToken: string = first.json().access_token;
    expect(await introspected(oldToken, clientSecret)).toBe(true);
    // Tokens carry whole seconds: rotate in a later second than the old token's.
    await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
    const rotated = await api.post(`${clientsOf(application.id)}/${client.clientId}/secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().clientSecret;
    expect(fresh).not.toBe(clientSecret);
    expect((await grant(clientSecret)).json()).toMatchObject({ error: 'invalid_client' });
    const renewed = await grant(fresh);
    expect(renewed.statusCode).toBe(200);
    expect(await introspected(oldToken, fresh)).toBe(false);
    expect(await introspected(renewed.json().access_token, fresh)).toBe(true);
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
