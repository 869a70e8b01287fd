import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, makeRole, makeUser, tokenOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { freePort } from '../../../../test/free-port.ts';
import { startOidcPeer, type OidcPeer } from '../../../../test/oidc-peer.ts';
import { auditLogs, identityProviders } from '../../../../test/tables.ts';

/**
 * Finding 3 of issue 28, the identity providers' part: whoever holds the identity-provider point
 * made the server read a discovery document from any address (loopback included) and could tell
 * a closed port from an open one by the 400. Without OUTBOUND_ALLOW the guard reaches no internal
 * address, here the provider on loopback; plain http on loopback (IDP_ALLOW_HTTP's rule) does not
 * open it either.
 */
const { t } = useModuleApp('/api/system-config', { env: { OUTBOUND_ALLOW: '' } });
let peer: OidcPeer;
beforeAll(async () => {
  peer = await startOidcPeer({ id: 'portal-rp', secret: 'peer-secret-1' });
});
afterAll(() => peer.close());

let narrow: ReturnType<typeof apiAs>;
beforeAll(async () => {
  const role = await makeRole(t, { resources: ['systemManage:systemSetting:third'] });
  narrow = apiAs(t, await tokenOf(t, await makeUser(t, { roleIds: [role.id] })), '/api/system-config');
});

const provider = (id: string, issuer: string) => ({
  id,
  name: `Provider ${id}`,
  icon: null,
  issuer,
  clientId: 'portal-rp',
  clientSecret: 'peer-secret-1',
  scopes: ['profile', 'email'],
  enabled: true,
});

describe('identity providers at internal addresses', () => {
  it('are not discovered without OUTBOUND_ALLOW: an open and a closed port answer the same 400, nothing is stored', async () => {
    const before = peer.requests;
    const closedIssuer = `http://127.0.0.1:${await freePort()}`;
    const open = await narrow.post('/third/portal/providers', provider('inside', peer.issuer));
    const closed = await narrow.post('/third/portal/providers', provider('closed', closedIssuer));
    const metadata = await narrow.post('/third/portal/providers', provider('meta', 'https://169.254.169.254'));
    const answers = [open, closed, metadata].map((answer) => ({ status: answer.statusCode, ...answer.json<Record<string, unknown>>() }));
    const reason = (issuer: string) =>
      `The provider's discovery document at ${issuer}/.well-known/openid-configuration could not be used: ` +
      "The identity provider could not be reached (the server's log has the reason)";
    expect(answers).toEqual([
      { status: 400, code: 'BAD_REQUEST', message: reason(peer.issuer), details: { field: 'body.issuer' } },
      { status: 400, code: 'BAD_REQUEST', message: reason(closedIssuer), details: { field: 'body.issuer' } },
      { status: 400, code: 'BAD_REQUEST', message: reason('https://169.254.169.254'), details: { field: 'body.issuer' } },
    ]);
    // The peer saw no request, and nothing was stored or audited.
    expect(peer.requests).toBe(before);
    expect(await t.database.db.select().from(identityProviders)).toEqual([]);
    for (const id of ['inside', 'closed', 'meta'])
      expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id))).toEqual([]);
  });
});
