import { BOUND_ACCOUNT_RESULT_PATH, EXTERNAL_SIGN_IN_QUERY, type BoundAccountFailure, type ExternalSignInError } from '@portal/contracts';
import { PREFIX } from '../context.ts';
import { safeReturnTo } from '../sessions/cookie.ts';

/** Where the browser is sent when these flows end: the login page (with its state) or the bind result page. */

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const entries = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return entries.length ? `${path}?${new URLSearchParams(entries)}` : path;
};

/** A return_to worth carrying on: back into our authorize endpoint only. */
const carried = (returnTo: string | null | undefined) => {
  const safe = safeReturnTo(returnTo ?? undefined);
  return safe === '/' ? undefined : safe;
};

export const loginWithError = (error: ExternalSignInError, returnTo: string | null | undefined) =>
  withQuery('/login', { return_to: carried(returnTo), [EXTERNAL_SIGN_IN_QUERY.error]: error });

/** The code step of an account with an authenticator app, its ticket on the page. */
export const loginWithCodeStep = (ticket: string, returnTo: string | null | undefined, step: 'code' | 'enrol') =>
  withQuery('/login', {
    return_to: carried(returnTo),
    [step === 'code' ? EXTERNAL_SIGN_IN_QUERY.totpTicket : EXTERNAL_SIGN_IN_QUERY.enrolTicket]: ticket,
  });

/** The bind route, where a password sign-in started from a bind ticket continues. */
export const bindPath = (returnTo: string | null | undefined) => withQuery(`${PREFIX}/oauth/third/bind`, { return_to: carried(returnTo) });

/** Sign in with a password once to link the provider's account: afterwards the bind route. */
export const loginToBind = (providerId: string, returnTo: string | null | undefined) =>
  withQuery('/login', { return_to: bindPath(returnTo), [EXTERNAL_SIGN_IN_QUERY.bind]: providerId });

/** The bind result page; the provider's id unless the ticket naming it is gone. */
export const boundResult = (providerId: string | undefined, outcome: { failure?: BoundAccountFailure; returnTo?: string | null }) =>
  withQuery(BOUND_ACCOUNT_RESULT_PATH, {
    result: outcome.failure ? 'failure' : 'success',
    type: providerId,
    reason: outcome.failure,
    return_to: carried(outcome.returnTo),
  });
