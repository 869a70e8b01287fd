import type { BehaviorToken, CreatedAccount, InviteConfirmBody, InviteState, RegistrationBody, ResetToken } from '@portal/contracts';
import { isAxiosError } from 'axios';
import { http } from '../../api/http.ts';

/**
 * The open (no sign-in) account calls of the permission service and the captcha exchange. Every
 * call is silent: the pages show failures beside the field or step they belong to.
 */
const USERS = '/api/permission/users';
const silent = { silent: true } as const;

export type UniqueField = 'username' | 'email' | 'phone';

const CONFLICT = 409;

/**
 * HEAD /users/open/{field}/{value}: true when free, false when taken, undefined when the server
 * could not say (rate-limited, offline, refused); the final answer is then the submit's. With
 * self-registration switched off the server answers only an invitation's form, which sends the
 * invitation's token.
 */
export async function isAvailable(
  field: UniqueField,
  value: string,
  options: { signal?: AbortSignal; inviteToken?: string } = {},
): Promise<boolean | undefined> {
  try {
    const params = options.inviteToken ? { token: options.inviteToken } : undefined;
    await http.head(`${USERS}/open/${field}/${encodeURIComponent(value)}`, { ...silent, signal: options.signal, params });
    return true;
  } catch (error) {
    return isAxiosError(error) && error.response?.status === CONFLICT ? false : undefined;
  }
}

export const registerAccount = (body: RegistrationBody) =>
  http.post<CreatedAccount>(`${USERS}/open/registered`, body, silent).then((r) => r.data);

/** A solved captcha in exchange for a one-time behaviour token (what registration asks for). */
export const captchaToken = (captchaId: string, captchaCode: string) =>
  http
    .get<BehaviorToken>('/api/reception-center/oauth/behavior-token', { params: { captchaId, captchaCode }, ...silent })
    .then((r) => r.data.token);

export const fetchInviteState = (token: string) =>
  http.get<InviteState>(`${USERS}/open/invite/state`, { params: { token }, ...silent }).then((r) => r.data);

export const confirmInvite = (body: InviteConfirmBody) =>
  http.post<CreatedAccount>(`${USERS}/open/invite/confirm`, body, silent).then((r) => r.data);

/** The same answer whether or not the account exists; NOT_CONFIGURED when no mail server is set up. */
export const prepareReset = (account: string) => http.post(`${USERS}/password/lost/prepare`, { account }, silent).then(() => undefined);

export const validateResetCode = (account: string, code: string) =>
  http.post<ResetToken>(`${USERS}/password/lost/validation`, { account, code }, silent).then((r) => r.data);

export const resetPassword = (resetToken: string, password: string) =>
  http.patch(`${USERS}/password/lost`, { reset_token: resetToken, password }, silent).then(() => undefined);
