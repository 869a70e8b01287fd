import type {
  BehaviorToken,
  Captcha,
  OAuthConfig,
  QrCode,
  QrCodeResult,
  SignInBody,
  SignInResult,
  SignInTotpBody,
  TokenResponse,
} from '@portal/contracts';
import { isAxiosError } from 'axios';
import { http } from '../../api/http.ts';
import { serializeParams } from '../../api/query.ts';

const OAUTH = '/api/reception-center/oauth';
const GATEWAY_TIMEOUT = 504;

/** The sign-in configuration; a 504 is retried once (spec §4). Errors surface as the /500 page. */
export async function fetchOAuthConfig(): Promise<OAuthConfig> {
  const get = () => http.get<OAuthConfig>(`${OAUTH}/config`, { silent: true }).then((r) => r.data);
  try {
    return await get();
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === GATEWAY_TIMEOUT) return get();
    throw error;
  }
}

/** POST to the token endpoint: form-encoded, RFC 6749 errors, never a toast or a refresh loop. */
const tokenRequest = (tokenUrl: string, form: Record<string, string>) =>
  http
    .post<TokenResponse>(tokenUrl, serializeParams(form, true), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      silent: true,
      skipAuthRefresh: true,
    })
    .then((r) => r.data);

export const exchangeCode = (config: OAuthConfig, grant: { code: string; verifier: string; state: string }): Promise<TokenResponse> =>
  tokenRequest(config.tokenUrl, {
    grant_type: 'authorization_code',
    client_id: config.clientId,
    code: grant.code,
    code_verifier: grant.verifier,
    redirect_uri: config.redirectUri,
    state: grant.state,
  });

export const refreshGrant = (config: Pick<OAuthConfig, 'tokenUrl' | 'clientId'>, refreshToken: string) =>
  tokenRequest(config.tokenUrl, { grant_type: 'refresh_token', client_id: config.clientId, refresh_token: refreshToken });

/** Password sign-in; the caller shows failures inline on the form. */
export const signIn = (body: SignInBody, returnTo?: string): Promise<SignInResult> =>
  http.post<SignInResult>(`${OAUTH}/jwt`, body, { params: returnTo ? { return_to: returnTo } : {}, silent: true }).then((r) => r.data);

/** The second step for accounts with an authenticator app: the ticket from `signIn` and a code. */
export const signInWithCode = (body: SignInTotpBody, returnTo?: string): Promise<SignInResult> =>
  http.post<SignInResult>(`${OAUTH}/jwt/totp`, body, { params: returnTo ? { return_to: returnTo } : {}, silent: true }).then((r) => r.data);

export const fetchBehaviorToken = (username: string): Promise<BehaviorToken> =>
  http.get<BehaviorToken>(`${OAUTH}/behavior-token`, { params: { username }, silent: true }).then((r) => r.data);

export const fetchCaptcha = (): Promise<Captcha> => http.get<Captcha>(`${OAUTH}/verifyCode`).then((r) => r.data);

export const startQrSignIn = (): Promise<QrCode> => http.get<QrCode>(`${OAUTH}/qrcode`).then((r) => r.data);

export const pollQrSignIn = (qrId: string): Promise<QrCodeResult> =>
  http.get<QrCodeResult>(`${OAUTH}/qrcode/result`, { params: { qrId }, silent: true }).then((r) => r.data);
