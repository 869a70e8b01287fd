import {
  openCheckEndpoints,
  passwordLostEndpoints,
  registrationEndpoints,
  signInEndpoints,
  type InviteConfirmBody,
  type RegistrationBody,
} from '@portal/contracts';
import { isAxiosError } from 'axios';
import { call } from '../../api/call.ts';

/**
 * The open (no sign-in) account calls of the permission service and the captcha exchange. Every
 * call is silent: the pages show failures beside the field or step they belong to.
 */
const silent = { silent: true } as const;

export type UniqueField = keyof typeof openCheckEndpoints;

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
    const query = options.inviteToken ? { token: options.inviteToken } : undefined;
    await call(openCheckEndpoints[field], { params: { value }, query }, { ...silent, signal: options.signal });
    return true;
  } catch (error) {
    return isAxiosError(error) && error.response?.status === CONFLICT ? false : undefined;
  }
}

export const registerAccount = (body: RegistrationBody) => call(registrationEndpoints.register, { body }, silent);

/** A solved captcha in exchange for a one-time behaviour token (what registration asks for). */
export const captchaToken = (captchaId: string, captchaCode: string) =>
  call(signInEndpoints.behaviorToken, { query: { captchaId, captchaCode } }, silent).then((r) => r.token);

export const fetchInviteState = (token: string) => call(registrationEndpoints.inviteState, { query: { token } }, silent);

export const confirmInvite = (body: InviteConfirmBody) => call(registrationEndpoints.confirmInvite, { body }, silent);

/** The same answer whether or not the account exists; NOT_CONFIGURED when no mail server is set up. */
export const prepareReset = (account: string) => call(passwordLostEndpoints.prepare, { body: { account } }, silent).then(() => undefined);

export const validateResetCode = (account: string, code: string) =>
  call(passwordLostEndpoints.validation, { body: { account, code } }, silent);

export const resetPassword = (resetToken: string, password: string) =>
  call(passwordLostEndpoints.reset, { body: { reset_token: resetToken, password } }, silent).then(() => undefined);
