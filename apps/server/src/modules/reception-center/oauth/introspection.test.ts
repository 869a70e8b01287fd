/**
 * Issue 28's introspection low: a confidential client learned of any token, the administrator's portal
 * token included. Replayed by an application's owner (holding no point) with their application's own
 * machine client; the positive cases: a client's own tokens, its application's, and a client an
 * operator gave the right to introspect any token.
 */
import { PORTAL_CLIENT_ID } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenRequest } from '../../../../test/app.ts';
import { clientsOf, registerApplication } from '../../../../test/factories/applications.ts';
import { adminId, adminToken, useAdminApp } from '../../../../test/factories/identity.ts';
import { ownedWebClient, type OwnedWebClient } from '../../../../test/factories/consent.ts';
import { randomToken } from '../../../platform/crypto.ts';
import { saveClient } from './clients.ts';

const { t, api } = useAdminApp();

interface Credentials {
  clientId: string;
  clientSecret: string;
}

const introspectAs = async (asking: Credentials, token: string) =>
  (await tokenRequest(t, { token, client_id: asking.clientId, client_secret: asking.clientSecret }, '/introspect')).json();

const clientCredentials = async (client: Credentials): Promise<string> => {
  const issued = await tokenRequest(t, {
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().access_token;
};

let owned: OwnedWebClient;
/** The owner's machine client: registered with the owner's own right on their application. */
let attacker: Credentials;
let portalToken: string;

beforeAll(async () => {
  owned = await ownedWebClient(t, api);
  const machine = await owned.owner.post(clientsOf(owned.applicationId), { kind: 'machine' });
  expect(machine.statusCode, machine.body).toBe(200);
  attacker = { clientId: machine.json().client.clientId, clientSecret: machine.json().clientSecret };
  portalToken = await adminToken(t);
});

describe('introspection', () => {
  it("answers a client about another client's token, the administrator's portal token, only active:false", async () => {
    expect(await introspectAs(attacker, portalToken)).toEqual({ active: false });
    // Its application's web client, the other confidential client of the same owner, learns no more.
    expect(await introspectAs({ clientId: owned.clientId, clientSecret: owned.clientSecret }, portalToken)).toEqual({ active: false });
    // The token itself still works where it is meant to.
    const who = await t.app.inject({
      method: 'GET',
      url: '/api/reception-center/member/who',
      headers: { authorization: `Bearer ${portalToken}` },
    });
    expect(who.statusCode).toBe(200);
  });

  it('answers a client about its own tokens and its application’s', async () => {
    const own = await clientCredentials(attacker);
    expect(await introspectAs(attacker, own)).toMatchObject({
      active: true,
      client_id: attacker.clientId,
      application_id: owned.applicationId,
    });
    // The application's web client (its backend) asks about its machine token: one application, one party.
    expect(await introspectAs({ clientId: owned.clientId, clientSecret: owned.clientSecret }, own)).toMatchObject({ active: true });
    // Another application's client, not authorised to be called by it, learns nothing of it.
    const other = (await api.post(clientsOf((await registerApplication(api)).id), { kind: 'machine' })).json();
    expect(await introspectAs({ clientId: other.client.clientId, clientSecret: other.clientSecret }, own)).toEqual({ active: false });
  });

  it('answers a client an operator gave the right to introspect any token, and only while it holds it', async () => {
    const resourceServer = { clientId: `rs-${randomToken(6).replace(/[^A-Za-z0-9]/g, 'x')}`, clientSecret: randomToken(24) };
    const register = (introspectAny: boolean) =>
      saveClient(t.database.db, {
        id: resourceServer.clientId,
        name: 'Resource server',
        redirectUris: ['https://rs.example/cb'],
        secret: resourceServer.clientSecret,
        introspectAny,
      });
    await register(false);
    expect(await introspectAs(resourceServer, portalToken)).toEqual({ active: false });
    await register(true);
    expect(await introspectAs(resourceServer, portalToken)).toMatchObject({
      active: true,
      client_id: PORTAL_CLIENT_ID,
      sub: await adminId(t),
    });
    // Taken back: the registry heard of the change at once, no cache lets the right outlive it.
    await register(false);
    expect(await introspectAs(resourceServer, portalToken)).toEqual({ active: false });
  });
});
