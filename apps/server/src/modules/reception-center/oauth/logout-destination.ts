import { compactVerify } from 'jose';
import { portalPath } from '../../../platform/redirects.ts';
import type { ReceptionCenter } from '../context.ts';
import { SIGNING_ALG } from '../tokens/signing-key.ts';

export interface LogoutQuery {
  redirect_uri?: string | undefined;
  post_logout_redirect_uri?: string | undefined;
  state?: string | undefined;
  id_token_hint?: string | undefined;
  client_id?: string | undefined;
}

/**
 * The client an ID token we issued names as its audience. Signature and issuer are checked, expiry
 * is not: RP-initiated logout accepts an expired hint, since signing out is when old tokens turn up.
 */
async function audienceOf(rc: ReceptionCenter, idToken: string): Promise<string | undefined> {
  try {
    const { payload, protectedHeader } = await compactVerify(idToken, rc.key.publicKey, { algorithms: [SIGNING_ALG] });
    // Only an ID token: an access token (at+jwt) names its client too, but is no logout hint.
    if (protectedHeader.typ !== 'JWT') return undefined;
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { iss?: unknown; aud?: unknown };
    return claims.iss === rc.issuer && typeof claims.aud === 'string' ? claims.aud : undefined;
  } catch {
    return undefined;
  }
}

/** The client the logout request names: client_id, id_token_hint's audience, or both agreeing. */
async function clientOf(rc: ReceptionCenter, query: LogoutQuery): Promise<string | undefined> {
  const hinted = query.id_token_hint ? await audienceOf(rc, query.id_token_hint) : undefined;
  if (query.id_token_hint && !hinted) return undefined;
  if (query.client_id && hinted && query.client_id !== hinted) return undefined;
  return query.client_id ?? hinted;
}

/**
 * Where to send the browser after logout: a path on the portal, or (OpenID Connect RP-initiated
 * logout) a post_logout_redirect_uri exactly registered for the client the request identifies.
 * Anything else goes to the sign-in page, so the endpoint cannot be used as an open redirect.
 */
export async function logoutDestination(rc: ReceptionCenter, query: LogoutQuery): Promise<string> {
  const requested = query.post_logout_redirect_uri ?? query.redirect_uri;
  if (!requested) return '/login';
  let target = portalPath(requested, rc.config.publicUrl);
  if (target === undefined && query.post_logout_redirect_uri) {
    const clientId = await clientOf(rc, query);
    const client = clientId ? await rc.clients.find(clientId) : undefined;
    if (client?.postLogoutRedirectUris.includes(requested)) target = requested;
  }
  if (target === undefined) return '/login';
  if (!query.state || !query.post_logout_redirect_uri) return target;
  const url = new URL(target, rc.config.publicUrl);
  url.searchParams.set('state', query.state);
  return target.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
