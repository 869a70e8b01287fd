import {
  oauthEndpoints,
  qrSignInEndpoints,
  signInEndpoints,
  type BodyOf,
  type OAuthConfig,
  type MobileSignInBody,
  type SignInBody,
  type SignInResult,
  type SignInTotpBody,
  type TokenResponse,
  type TotpEnrolment,
} from '@portal/contracts';
import { isAxiosError } from 'axios';
import { call } from '../../api/call.ts';
import { serializeParams } from '../../api/query.ts';

const GATEWAY_TIMEOUT = 504;

/** The sign-in configuration; a 504 is retried once (spec §4). Errors surface as the /500 page. */
export async function fetchOAuthConfig(): Promise<OAuthConfig> {
  const get = () => call(oauthEndpoints.config, undefined, { silent: true });
  try {
    return await get();
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === GATEWAY_TIMEOUT) return get();
    throw error;
  }
}

/**
 * POST to the token endpoint: form-encoded (the endpoint `consumes` a form, so the body is
 * encoded here, the OAuth way), RFC 6749 errors, never a toast or a refresh loop.
 */
const tokenRequest = (form: BodyOf<typeof oauthEndpoints.token>): Promise<TokenResponse> =>
  call(
    oauthEndpoints.token,
    { body: form },
    {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      transformRequest: (data: unknown) => serializeParams(data, true),
      silent: true,
      skipAuthRefresh: true,
    },
  ).then((tokens) => {
    // Only the client_credentials grant, which the portal never asks for, answers without a refresh token.
    if (!('refresh_token' in tokens)) throw new Error('The token endpoint answered without a refresh token');
    return tokens;
  });

export const exchangeCode = (
  config: Pick<OAuthConfig, 'clientId' | 'redirectUri'>,
  grant: { code: string; verifier: string; state: string },
): Promise<TokenResponse> =>
  tokenRequest({
    grant_type: 'authorization_code',
    client_id: config.clientId,
    code: grant.code,
    code_verifier: grant.verifier,
    redirect_uri: config.redirectUri,
    state: grant.state,
  });

export const refreshGrant = (config: Pick<OAuthConfig, 'clientId'>, refreshToken: string): Promise<TokenResponse> =>
  tokenRequest({ grant_type: 'refresh_token', client_id: config.clientId, refresh_token: refreshToken });

/** Where the browser goes once signed in (`?return_to=`), when it was sent to sign in from somewhere. */
const returningTo = (returnTo: string | undefined) => ({ query: returnTo ? { return_to: returnTo } : {} });

/** Password sign-in; the caller shows failures inline on the form. */
export const signIn = (body: SignInBody, returnTo?: string): Promise<SignInResult> =>
  call(signInEndpoints.password, { ...returningTo(returnTo), body }, { silent: true });

/** The second step for accounts with an authenticator app: the ticket from `signIn` and a code. */
export const signInWithCode = (body: SignInTotpBody, returnTo?: string): Promise<SignInResult> =>
  call(signInEndpoints.totp, { ...returningTo(returnTo), body }, { silent: true });

/** A sign-in the safe settings stop for want of an authenticator app: a new secret for the app, for the ticket. */
export const startRequiredEnrolment = (ticket: string): Promise<TotpEnrolment> =>
  call(signInEndpoints.enrolTotp, { body: { ticket } }, { silent: true });

/** That set-up confirmed with a code from the app, which finishes the sign-in. */
export const confirmRequiredEnrolment = (body: SignInTotpBody, returnTo?: string): Promise<SignInResult> =>
  call(signInEndpoints.confirmTotpEnrolment, { ...returningTo(returnTo), body }, { silent: true });

export const fetchBehaviorToken = (username: string) => call(signInEndpoints.behaviorToken, { query: { username } }, { silent: true });

export const fetchCaptcha = () => call(signInEndpoints.captcha);

export const startQrSignIn = () => call(qrSignInEndpoints.start);

export const pollQrSignIn = (qrId: string) => call(qrSignInEndpoints.result, { query: { qrId } }, { silent: true });

/** Asks for a sign-in code by SMS to this phone number (the same answer whether or not it is an account's). */
export const sendSignInCode = (phone: string): Promise<{ ok: true }> =>
  call(signInEndpoints.mobileCode, { body: { phone } }, { silent: true });

/** Sign-in with the phone number and the code sent to it; answers as the password sign-in does. */
export const signInWithSmsCode = (body: MobileSignInBody, returnTo?: string): Promise<SignInResult> =>
  call(signInEndpoints.mobile, { ...returningTo(returnTo), body }, { silent: true });
