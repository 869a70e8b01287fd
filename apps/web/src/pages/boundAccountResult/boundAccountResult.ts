import { BOUND_ACCOUNT_FAILURES, oauthEndpoints, pathOf, type BoundAccountFailure } from '@portal/contracts';

export interface BoundAccountOutcome {
  success: boolean;
  /** The provider's type as given (letters, digits, '_' and '-' only), lower-cased; undefined if absent or odd. */
  provider: string | undefined;
  reason: BoundAccountFailure | 'unknown';
}

const PROVIDER = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Reads ?result=success|failure&type=<provider>[&reason=…]. Anything but an explicit success is a
 * failure, and only known reasons are shown: the address is not trusted to put text on the page.
 */
export function readBoundAccountResult(params: URLSearchParams): BoundAccountOutcome {
  const type = params.get('type');
  const reason = params.get('reason');
  return {
    success: params.get('result') === 'success',
    provider: type && PROVIDER.test(type) ? type.toLowerCase() : undefined,
    reason: BOUND_ACCOUNT_FAILURES.find((known) => known === reason) ?? 'unknown',
  };
}

/**
 * Where "Continue" goes after binding at sign-in (`?return_to=`): back into the authorize request the
 * sign-in came from, only that; undefined for anything else (the page then offers the sign-in page).
 */
export const continuation = (returnTo: string | null): string | undefined =>
  returnTo?.startsWith(`${pathOf(oauthEndpoints.authorize)}?`) ? returnTo : undefined;
