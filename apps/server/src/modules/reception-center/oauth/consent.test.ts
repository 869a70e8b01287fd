import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, createUser, signIn, tokenRequest, tokensFor } from '../../../../test/app.ts';
import {
  adminSession,
  answerConsent,
  authorizeFor,
  clientTraces,
  consentRequest,
  CONSENTS,
  exchangeAs,
  ownedWebClient,
  type OwnedWebClient,
} from '../../../../test/factories/consent.ts';
import { auditOf, useAdminApp } from '../../../../test/factories/identity.ts';

/**
 * Issue 28, finding 6: an application's owner registered a web client and sent the administrator a
 * link to authorize with it; the administrator's code went to the owner's redirect URI unasked.
 */
const { t, api } = useAdminApp();

const adminTokens = () => tokensFor(t, 'admin', ADMIN_PASSWORD);
const listConsents = (token: string) => t.app.inject({ method: 'GET', url: CONSENTS, headers: bearer(token) });
const revokeConsent = (token: string, clientId: string) =>
  t.app.inject({ method: 'DELETE', url: `${CONSENTS}/${clientId}`, headers: bearer(token) });
const refreshAs = (client: OwnedWebClient, refreshToken: string) =>
  tokenRequest(t, {
    grant_type: 'refresh_token',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    refresh_token: refreshToken,
  });

/** Authorize, then allow on the consent page: the code's redirect. */
async function consentedCode(session: string, client: OwnedWebClient, extra: Record<string, string> = {}) {
  const asked = await authorizeFor(t, session, client, extra);
  if (!asked.ticket) throw new Error(`no consent asked: ${asked.location}`);
  const answer = await answerConsent(t, session, { ticket: asked.ticket, allow: true });
  expect(answer.statusCode).toBe(200);
  const back = new URL(answer.json().redirectTo);
  return { back, verifier: asked.verifier, code: back.searchParams.get('code') ?? '' };
}

describe("the attack: an application owner's link to authorize with their client", () => {
  it("gives the owner's client no code for the signed-in administrator: the browser goes to the consent page", async () => {
    const client = await ownedWebClient(t, api);
    const session = await adminSession(t);
    const { location, ticket } = await authorizeFor(t, session, client);
    expect(location.origin).toBe(t.config.publicUrl);
    expect(location.pathname).toBe('/consent');
    // The address names only the ticket: nothing of the request that could be altered on the way.
    expect([...location.searchParams.keys()]).toEqual(['ticket']);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.href).not.toContain(client.redirectUri);
    expect(await clientTraces(t, client.clientId)).toEqual({ codes: 0, consents: 0 });

    const shown = await consentRequest(t, session, ticket ?? '');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      clientId: client.clientId,
      applicationName: 'Some app',
      scopes: ['openid', 'profile'],
      account: { username: 'admin' },
    });
  });

  it('answers deny with access_denied at the redirect URI and the state, and no code', async () => {
    const client = await ownedWebClient(t, api);
    const session = await adminSession(t);
    const { ticket } = await authorizeFor(t, session, client);
    const denied = await answerConsent(t, session, { ticket: ticket ?? '', allow: false });
    expect(denied.statusCode).toBe(200);
    const back = new URL(denied.json().redirectTo);
    expect(back.origin + back.pathname).toBe(client.redirectUri);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'access_denied',
      state: '42',
      iss: `${t.config.publicUrl}/api/reception-center`,
    });
    expect(back.searchParams.has('code')).toBe(false);
    expect(await clientTraces(t, client.clientId)).toEqual({ codes: 0, consents: 0 });
    // Denying remembers nothing: the next request asks again.
    expect((await authorizeFor(t, session, client)).ticket).toBeDefined();
  });

  it('refuses a tampered ticket and a replayed one, issuing nothing more', async () => {
    const client = await ownedWebClient(t, api);
    const session = await adminSession(t);
    const { ticket = '' } = await authorizeFor(t, session, client);
    const tampered = `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [tampered, 'A'.repeat(43)]) {
      const refused = await answerConsent(t, session, { ticket: forged, allow: true });
      expect(refused.statusCode).toBe(400);
      expect((await consentRequest(t, session, forged)).statusCode).toBe(400);
    }
    expect(await clientTraces(t, client.clientId)).toEqual({ codes: 0, consents: 0 });

    const first = await answerConsent(t, session, { ticket, allow: true });
    expect(first.statusCode).toBe(200);
    const replayed = await answerConsent(t, session, { ticket, allow: true });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().redirectTo).toBeUndefined();
    expect(await clientTraces(t, client.clientId)).toEqual({ codes: 1, consents: 1 });
  });

  it("refuses a ticket shown from another user's session, which leaves it to its own session", async () => {
    const client = await ownedWebClient(t, api);
    const adminBrowser = await adminSession(t);
    const { ticket = '' } = await authorizeFor(t, adminBrowser, client);
    const other = await createUser(t);
    const otherBrowser = await signIn(t.app, other.username, other.password);
    expect((await consentRequest(t, otherBrowser, ticket)).statusCode).toBe(400);
    const stolen = await answerConsent(t, otherBrowser, { ticket, allow: true });
    expect(stolen.statusCode).toBe(400);
    expect(await clientTraces(t, client.clientId)).toEqual({ codes: 0, consents: 0 });
    // Nor may a browser without a session use it.
    expect((await answerConsent(t, '', { ticket, allow: true })).statusCode).toBe(401);
    // The administrator's own answer still works.
    expect((await answerConsent(t, adminBrowser, { ticket, allow: false })).statusCode).toBe(200);
  });

  it("refuses an answer that does not come from the portal's page (another site's form or script), leaving the ticket unspent", async () => {
    const client = await ownedWebClient(t, api);
    const session = await adminSession(t);
    const { ticket = '' } = await authorizeFor(t, session, client);
    const portal = new URL(t.config.publicUrl).origin;
    const foreign: Record<string, string>[] = [
      {},
      { origin: 'https://owner.example' },
      { origin: 'null' },
      { origin: portal, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const refused = await answerConsent(t, session, { ticket, allow: true }, headers);
      expect(refused.statusCode).toBe(403);
    }
    expect(await clientTraces(t, client.clientId)).toEqual({ codes: 0, consents: 0 });
    expect((await answerConsent(t, session, { ticket, allow: true })).statusCode).toBe(200);
  });

  it('refuses an allow for an application disabled while its request waited, issuing nothing', async () => {
    const client = await ownedWebClient(t, api);
    const session = await adminSession(t);
    const { ticket = '' } = await authorizeFor(t, session, client);
    expect((await api.patch(`/applications/${client.applicationId}/state`, { state: 'disabled' })).statusCode).toBe(200);
    expect((await consentRequest(t, session, ticket)).statusCode).toBe(400);
    expect((await answerConsent(t, session, { ticket, allow: true })).statusCode).toBe(400);
    expect(await clientTraces(t, client.clientId)).toEqual({ codes: 0, consents: 0 });
  });

  it('answers prompt=none without consent with consent_required, and no code', async () => {
    const client = await ownedWebClient(t, api);
    const session = await adminSession(t);
    const { location } = await authorizeFor(t, session, client, { prompt: 'none' });
    expect(location.origin + location.pathname).toBe(client.redirectUri);
    expect(location.searchParams.get('error')).toBe('consent_required');
    expect(location.searchParams.has('code')).toBe(false);
    expect(await clientTraces(t, client.clientId)).toEqual({ codes: 0, consents: 0 });
  });
});

describe('consent given', () => {
  it('gives a code once allowed, remembered for the client and scopes; prompt=consent and a wider scope ask again', async () => {
    const client = await ownedWebClient(t, api);
    const session = await adminSession(t);
    const { back, code, verifier } = await consentedCode(session, client);
    expect(back.origin + back.pathname).toBe(client.redirectUri);
    expect(back.searchParams.get('state')).toBe('42');
    const tokens = await exchangeAs(t, client, code, verifier);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({ token_type: 'Bearer', scope: 'openid profile' });
    expect(await auditOf(t, 'oauth.consents.grant')).toEqual(
      expect.arrayContaining([expect.objectContaining({ after: { clientId: client.clientId, scopes: ['openid', 'profile'] } })]),
    );

    // Remembered: straight back with a code, also for prompt=none.
    for (const extra of [{}, { prompt: 'none' }] as Record<string, string>[]) {
      const again = await authorizeFor(t, session, client, extra);
      expect(again.location.origin + again.location.pathname).toBe(client.redirectUri);
      expect((await exchangeAs(t, client, again.location.searchParams.get('code') ?? '', again.verifier)).statusCode).toBe(200);
    }
    expect((await authorizeFor(t, session, client, { prompt: 'consent' })).ticket).toBeDefined();
    const wider = await authorizeFor(t, session, client, { scope: 'openid profile email' });
    expect(wider.ticket).toBeDefined();
    const shown = await consentRequest(t, session, wider.ticket ?? '');
    expect(shown.json().scopes).toEqual(['openid', 'profile', 'email']);
  });

  it('lists the consent in the personal centre; revoking asks again and ends the refresh tokens that client holds for me', async () => {
    const client = await ownedWebClient(t, api);
    const session = await adminSession(t);
    const { code, verifier } = await consentedCode(session, client, { scope: 'openid profile offline_access' });
    const tokens = (await exchangeAs(t, client, code, verifier)).json();
    const portal = await adminTokens();

    const listed = await listConsents(portal.access_token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(
      expect.arrayContaining([
        {
          clientId: client.clientId,
          clientName: 'Some app (web)',
          applicationId: client.applicationId,
          applicationName: 'Some app',
          scopes: ['offline_access', 'openid', 'profile'],
          grantedAt: expect.any(String),
        },
      ]),
    );
    // The application's own token cannot see or withdraw the user's consents.
    expect((await listConsents(tokens.access_token)).statusCode).toBe(403);
    expect((await revokeConsent(tokens.access_token, client.clientId)).statusCode).toBe(403);

    const revoked = await revokeConsent(portal.access_token, client.clientId);
    expect(revoked.statusCode).toBe(200);
    expect(await auditOf(t, 'oauth.consents.revoke')).toEqual(
      expect.arrayContaining([expect.objectContaining({ after: { clientId: client.clientId, refreshChainsEnded: 1 } })]),
    );
    const refreshed = await refreshAs(client, tokens.refresh_token);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    expect(
      (
        await tokenRequest(t, { token: tokens.access_token, client_id: client.clientId, client_secret: client.clientSecret }, '/introspect')
      ).json().active,
    ).toBe(false);
    // The portal's own tokens go on.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/reception-center/member/who', headers: bearer(portal.access_token) })).statusCode,
    ).toBe(200);
    const left: { clientId: string }[] = (await listConsents(portal.access_token)).json();
    expect(left.map((consent) => consent.clientId)).not.toContain(client.clientId);
    expect((await authorizeFor(t, session, client)).ticket).toBeDefined();
    // A consent that is not there (revoked already, or another user's) is not found.
    expect((await revokeConsent(portal.access_token, client.clientId)).statusCode).toBe(404);
  });

  it("revoking one user's consent leaves another user's consent to the same client", async () => {
    const client = await ownedWebClient(t, api);
    const member = await createUser(t);
    const memberBrowser = await signIn(t.app, member.username, member.password);
    const mine = await consentedCode(memberBrowser, client);
    const memberTokens = (await exchangeAs(t, client, mine.code, mine.verifier)).json();
    await consentedCode(await adminSession(t), client);
    const admin = await adminTokens();
    expect((await revokeConsent(admin.access_token, client.clientId)).statusCode).toBe(200);
    expect((await refreshAs(client, memberTokens.refresh_token)).statusCode).toBe(200);
    expect((await authorizeFor(t, memberBrowser, client)).ticket).toBeUndefined();
  });

  it('skips the consent page for an application an administrator marked first-party', async () => {
    const client = await ownedWebClient(t, api);
    const application = (await api.get(`/applications/${client.applicationId}`)).json();
    const marked = await api.put(`/applications/${client.applicationId}`, {
      instant: application.instant,
      name: application.name,
      type: application.type,
      appUrl: application.appUrl,
      firstParty: true,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().firstParty).toBe(true);
    const session = await adminSession(t);
    const { location, ticket, verifier } = await authorizeFor(t, session, client, { prompt: 'consent' });
    expect(ticket).toBeUndefined();
    expect(location.origin + location.pathname).toBe(client.redirectUri);
    expect((await exchangeAs(t, client, location.searchParams.get('code') ?? '', verifier)).statusCode).toBe(200);
  });
});
