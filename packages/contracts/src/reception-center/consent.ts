import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Nullable, Timestamp } from '../paging.ts';
import { RECEPTION_CENTER_PREFIX } from './prefix.ts';

/** The scopes the authorization server grants (discovery's `scopes_supported`); the consent page words each. */
export const OAUTH_SCOPES = ['openid', 'profile', 'email', 'phone', 'offline_access'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

const Scopes = Type.Array(Type.Enum([...OAUTH_SCOPES]));

/** 256 random bits, base64url: the single-use name of an authorize request waiting on the consent page. */
const ConsentTicket = Type.String({ minLength: 43, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** GET /oauth/consent?ticket= (the consent page's address carries the ticket, nothing of the request). */
export const ConsentTicketQuery = Type.Object({ ticket: ConsentTicket });

/** What the consent page shows: who asks, for what, and for which account. */
export const ConsentRequest = Type.Object({
  clientId: Type.String(),
  clientName: Type.String(),
  applicationName: Type.String(),
  scopes: Scopes,
  account: Type.Object({ username: Type.String(), name: Type.String() }),
});
export type ConsentRequest = Static<typeof ConsentRequest>;

/** POST /oauth/consent: the user's answer to one waiting request. */
export const ConsentAnswerBody = Type.Object({ ticket: ConsentTicket, allow: Type.Boolean() });
export type ConsentAnswerBody = Static<typeof ConsentAnswerBody>;

/** Where the browser goes next: the client's redirect URI with a code, or with `error=access_denied`. */
export const ConsentOutcome = Type.Object({ redirectTo: Type.String() });
export type ConsentOutcome = Static<typeof ConsentOutcome>;

/** GET /oauth/consents: an application's client the caller let sign them in, with what it was granted. */
export const OAuthConsent = Type.Object({
  clientId: Type.String(),
  clientName: Type.String(),
  applicationId: Nullable(Type.String()),
  applicationName: Type.String(),
  scopes: Scopes,
  grantedAt: Timestamp,
});
export type OAuthConsent = Static<typeof OAuthConsent>;

export const ConsentClientParams = Type.Object({ clientId: Type.String({ minLength: 1, maxLength: 100 }) });

const tags = ['oauth consent'];
const oauth = `${RECEPTION_CENTER_PREFIX}/oauth`;

/**
 * Issue 28: consent to the clients of applications not marked first-party. The consent page's two
 * calls authenticate by the sign-in session's cookie (scoped to this prefix, SameSite=Lax) as
 * authorize does, and its answer must come from the portal's own origin; the personal centre's two
 * are the caller's own consents, with their portal token.
 */
export const consentEndpoints = {
  request: endpoint({
    access: 'open',
    tags,
    method: 'GET',
    path: `${oauth}/consent`,
    summary: 'The authorize request a consent ticket of this sign-in session waits with (the consent page)',
    query: ConsentTicketQuery,
    responses: { 200: ConsentRequest, ...errorResponses(400, 401) },
  }),
  answer: endpoint({
    access: 'open',
    tags,
    method: 'POST',
    path: `${oauth}/consent`,
    summary: 'Allows (a code, remembered for the client) or denies (access_denied) a waiting request; spends its ticket',
    body: ConsentAnswerBody,
    responses: { 200: ConsentOutcome, ...errorResponses(400, 401, 403) },
  }),
  list: endpoint({
    access: 'signedIn',
    tags,
    method: 'GET',
    path: `${oauth}/consents`,
    summary: "The applications' clients the caller has consented to, newest first",
    responses: { 200: Type.Array(OAuthConsent) },
  }),
  revoke: endpoint({
    access: 'signedIn',
    tags,
    method: 'DELETE',
    path: `${oauth}/consents/{clientId}`,
    summary: 'Withdraws the caller’s consent to a client: it asks again next time, and its refresh tokens for the caller end',
    params: ConsentClientParams,
    responses: { 200: Ok, ...errorResponses(404) },
  }),
};
