import { SESSION_COOKIE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { ADMIN_PASSWORD, authorizeUrl, pkce, signIn, tokenRequest, type TestApp } from '../app.ts';
import { authorizationCodes, oauthConsents } from '../tables.ts';
import { clientsOf, registerApplication } from './applications.ts';
import { apiAs, makeUser, tokenOf, type Api } from './identity.ts';

/** Issue 28's flows: an application's owner with a web client of their own, and the consent page's calls. */

export const CONSENT = '/api/reception-center/oauth/consent';
export const CONSENTS = '/api/reception-center/oauth/consents';

export interface OwnedWebClient {
  applicationId: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The owner, who holds no point: only the application is theirs. */
  owner: Api;
}

/**
 * A WebThird application the administrator registers and hands to a fresh user with no role, who then
 * registers its confidential web client themselves (the owner's own right on their application).
 */
export async function ownedWebClient(t: TestApp, admin: Api): Promise<OwnedWebClient> {
  const owner = await makeUser(t);
  const application = await registerApplication(admin, { type: 'WebThird', appUrl: 'https://owner.example/' });
  const handed = await admin.patch(`/applications/${application.id}/owner`, { ownerId: owner.id });
  if (handed.statusCode !== 200) throw new Error(`owner change failed: ${handed.body}`);
  const ownerApi = apiAs(t, await tokenOf(t, owner));
  const redirectUri = 'https://owner.example/callback';
  const registered = await ownerApi.post(clientsOf(application.id), { kind: 'web', redirectUris: [redirectUri] });
  if (registered.statusCode !== 200) throw new Error(`client registration failed: ${registered.body}`);
  const { client, clientSecret } = registered.json();
  return { applicationId: application.id, clientId: client.clientId, clientSecret, redirectUri, owner: ownerApi };
}

/** GET /oauth/authorize for `client` from the browser holding `session`; answers where it sent the browser. */
export async function authorizeFor(t: TestApp, session: string, client: OwnedWebClient, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const response = await t.app.inject({
    method: 'GET',
    url: authorizeUrl(t, challenge, { client_id: client.clientId, redirect_uri: client.redirectUri, ...extra }),
    cookies: { [SESSION_COOKIE]: session },
  });
  if (response.statusCode !== 302) throw new Error(`authorize answered ${response.statusCode} ${response.body}`);
  const location = new URL(String(response.headers.location), t.config.publicUrl);
  return { location, verifier, ticket: location.pathname === '/consent' ? (location.searchParams.get('ticket') ?? '') : undefined };
}

/** The consent page's answer, as the portal's own page sends it (its origin) unless `headers` say otherwise. */
export const answerConsent = (t: TestApp, session: string, body: { ticket: string; allow: boolean }, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: CONSENT,
    headers: headers ?? { origin: new URL(t.config.publicUrl).origin, 'sec-fetch-site': 'same-origin' },
    cookies: { [SESSION_COOKIE]: session },
    payload: body,
  });

/** The consent page's read of a waiting request. */
export const consentRequest = (t: TestApp, session: string, ticket: string) =>
  t.app.inject({ method: 'GET', url: `${CONSENT}?ticket=${ticket}`, cookies: { [SESSION_COOKIE]: session } });

/** Exchanges a code at the token endpoint as the confidential client. */
export const exchangeAs = (t: TestApp, client: OwnedWebClient, code: string, verifier: string) =>
  tokenRequest(t, {
    grant_type: 'authorization_code',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code,
    code_verifier: verifier,
    redirect_uri: client.redirectUri,
  });

/** The codes and the consent the database holds for a client: what a refused answer must not have changed. */
export async function clientTraces(t: TestApp, clientId: string) {
  const { db } = t.database;
  const codes = await db.select().from(authorizationCodes).where(eq(authorizationCodes.clientId, clientId));
  const consents = await db.select().from(oauthConsents).where(eq(oauthConsents.clientId, clientId));
  return { codes: codes.length, consents: consents.length };
}

export const adminSession = (t: TestApp) => signIn(t.app, 'admin', ADMIN_PASSWORD);
