import type { SignInResult } from '@portal/contracts';
import { withQuery } from '../../api/query.ts';
import { FIRST_LANDING, safeLocalPath } from '../../app/auth/urls.ts';

/** The forced password change (/passwordupdate), which leads back to sign-in with the same return_to. */
export const passwordUpdatePath = (username: string, returnTo: string | undefined): string =>
  withQuery('/passwordupdate', { username, redirect: returnTo });

export type SignInOutcome =
  | { next: 'leave'; to: string }
  | { next: 'code'; ticket: string }
  | { next: 'enrol'; ticket: string }
  | { next: 'changePassword'; to: string };

/** What the browser does with the server's answer to a sign-in step. */
export function outcomeOf(result: SignInResult, username: string, returnTo: string | undefined): SignInOutcome {
  // The server only answers paths of its own; checked again here since the browser leaves for it.
  if ('redirect' in result) return { next: 'leave', to: safeLocalPath(result.redirect, FIRST_LANDING) };
  if ('totpRequired' in result) return { next: 'code', ticket: result.ticket };
  // The settings require an authenticator app the account does not have: it is set up first.
  if ('mfaEnrolmentRequired' in result) return { next: 'enrol', ticket: result.ticket };
  return { next: 'changePassword', to: passwordUpdatePath(username, returnTo) };
}
