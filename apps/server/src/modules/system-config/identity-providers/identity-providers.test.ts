import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useModuleApp } from '../../../../test/factories/identity.ts';
import { freePort } from '../../../../test/free-port.ts';
import { startOidcPeer, type OidcPeer } from '../../../../test/oidc-peer.ts';
import { createUser } from '../../../../test/app.ts';
import { identityProviders, userExternalIdentities, users } from '../../../../test/tables.ts';

const { t, api } = useModuleApp('/api/system-config');
let peer: OidcPeer;
beforeAll(async () => {
  peer = await startOidcPeer({ id: 'portal-rp', secret: 'peer-secret-1' });
});
afterAll(() => peer.close());

const provider = (extra: Record<string, unknown> = {}) => ({
  id: 'corp',
  name: 'Corporate sign-in',
  icon: null,
  issuer: peer.issuer,
  clientId: 'portal-rp',
  clientSecret: 'peer-secret-1',
  scopes: ['profile', 'email'],
  enabled: true,
  ...extra,
});

const openConfig = () => t.app.inject({ method: 'GET', url: '/api/system-config/open/agg/system/portal/config' });

describe('the third settings', () => {
  it('adds a provider after reading its discovery document, seals the secret and never answers it', async () => {
    const created = await api.post('/third/portal/providers', provider());
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ id: 'corp', hasSecret: true, scopes: ['openid', 'profile', 'email'], issuer: peer.issuer });
    expect(created.body).not.toContain('peer-secret-1');
    const [row] = await t.database.db.select().from(identityProviders).where(eq(identityProviders.id, 'corp'));
    expect(row?.clientSecretSealed).toMatch(/^v1\./);
    expect(row?.clientSecretSealed).not.toContain('peer-secret-1');
    const read = await api.get('/third/portal');
    expect(read.json()).toMatchObject({ autoLink: false, createAccounts: false, providers: [{ id: 'corp', hasSecret: true }] });
    expect(read.body).not.toContain('peer-secret-1');
    // The sign-in page sees the button, nothing secret.
    expect((await openConfig()).json().identityProviders).toEqual([{ id: 'corp', name: 'Corporate sign-in', icon: null, type: 'oidc' }]);
    expect((await api.post('/third/portal/providers', provider())).statusCode).toBe(409);
  });

  it('keeps the secret when an update sends none, and drops a disabled provider from the sign-in page', async () => {
    const updated = await api.put('/third/portal/providers/corp', {
      ...provider({ enabled: false, name: 'Corp' }),
      id: undefined,
      clientSecret: undefined,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Corp', enabled: false, hasSecret: true });
    const opened = await t.app.modules.systemConfig.identityProviders.forSignIn('corp');
    expect(opened?.clientSecret).toBe('peer-secret-1');
    expect((await openConfig()).json().identityProviders).toEqual([]);
    expect((await api.put('/third/portal/providers/nobody', { ...provider(), id: undefined })).statusCode).toBe(404);
  });

  it('refuses issuers it may not or cannot use, with a clear 400 naming the issuer', async () => {
    const refusedWith = async (issuer: string, message: RegExp) => {
      const response = await api.post('/third/portal/providers', provider({ id: 'bad', issuer }));
      expect(response.statusCode, issuer).toBe(400);
      expect(response.json()).toMatchObject({ details: { field: 'body.issuer' } });
      expect(response.json().message).toMatch(message);
    };
    await refusedWith('http://idp.example.com', /must use https/);
    await refusedWith(`http://127.0.0.1:${await freePort()}`, /could not be used/);
    peer.bend.issuer = 'https://someone-else.example';
    await refusedWith(peer.issuer, /could not be used/);
    peer.bend = {};
    expect(await t.database.db.select().from(identityProviders).where(eq(identityProviders.id, 'bad'))).toEqual([]);
  });

  it('refuses bad input on every call', async () => {
    const bodies = [
      provider({ id: 'Upper Case' }),
      provider({ name: '' }),
      provider({ issuer: 'ftp://x' }),
      provider({ issuer: `${peer.issuer}?a=1` }),
      provider({ clientId: '' }),
      provider({ scopes: ['bad scope'] }),
      provider({ icon: 'javascript:alert(1)' }),
      provider({ enabled: 'maybe' }),
      provider({ extra: 1 }),
    ];
    for (const body of bodies) expect((await api.post('/third/portal/providers', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await api.put('/third/portal/providers/corp', { name: 'x' })).statusCode).toBe(400);
    expect((await api.put('/third/portal', { autoLink: 'yes', createAccounts: false })).statusCode).toBe(400);
    expect((await api.put('/third/portal', { autoLink: true })).statusCode).toBe(400);
    expect((await api.get('/third/other')).statusCode).toBe(404);
    expect((await api.delete('/third/portal/providers/NOT_AN_ID')).statusCode).toBe(400);
  });

  it('saves the linking options', async () => {
    const saved = await api.put('/third/portal', { autoLink: true, createAccounts: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ autoLink: true, createAccounts: true });
    const admin = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    // Whoever saved automatic linking on vouches for it (auto-link.test.ts).
    expect(await t.app.modules.systemConfig.identityProviders.options()).toEqual({
      autoLink: true,
      createAccounts: true,
      autoLinkBy: admin[0]?.id,
    });
  });

  it('refuses to delete a provider while accounts are linked to it', async () => {
    const user = await createUser(t);
    await t.database.db.insert(userExternalIdentities).values({ userId: user.id, providerId: 'corp', subject: 'someone' });
    const refused = await api.delete('/third/portal/providers/corp');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual({ linkedAccounts: 1 });
    await t.database.db.delete(userExternalIdentities).where(eq(userExternalIdentities.userId, user.id));
    expect((await api.delete('/third/portal/providers/corp')).statusCode).toBe(200);
    expect((await api.delete('/third/portal/providers/corp')).statusCode).toBe(404);
  });
});
