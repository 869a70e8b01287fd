import { consentEndpoints, mfaEndpoints, ownSessionEndpoints, totpEndpoints, type MfaPurpose } from '@portal/contracts';
import { call } from '../../../api/call.ts';

/** Query keys of this page; the profile shares baseInfo's key, so both pages see one copy. */
export const TOTP_KEY = ['permission', 'users', 'self', 'totp'] as const;
export const SESSIONS_KEY = ['permission', 'users', 'self', 'sessions'] as const;

/** How the caller proves it is them for one change. */
export type Proof = { method: 'password'; password: string } | { method: 'totp'; code: string };

export const requestMfaToken = (purpose: MfaPurpose, proof: Proof): Promise<string> =>
  call(mfaEndpoints.issue, { body: { purpose, ...proof } }).then((r) => r.mfa_token);

/** The changes allowed by an mfa_token of their purpose, sent as `?mfa_token=`. */
const withToken = (token: string) => ({ query: { mfa_token: token } });

export const changeOwnPassword = (token: string, password: string) =>
  call(mfaEndpoints.changePassword, { ...withToken(token), body: { password } });
export const changeOwnEmail = (token: string, email: string) => call(mfaEndpoints.changeEmail, { ...withToken(token), body: { email } });
export const changeOwnPhone = (token: string, phone: string) => call(mfaEndpoints.changePhone, { ...withToken(token), body: { phone } });

export const fetchTotpStatus = () => call(totpEndpoints.status);
export const startTotp = (token: string) => call(totpEndpoints.startEnrolment, withToken(token));
export const confirmTotp = (code: string) => call(totpEndpoints.confirm, { body: { code } });
export const removeTotp = (token: string) => call(totpEndpoints.remove, withToken(token));

export const fetchSessions = () => call(ownSessionEndpoints.list);
export const signOutSession = (id: string) => call(ownSessionEndpoints.revoke, { params: { id } });
export const signOutOtherSessions = () => call(ownSessionEndpoints.revokeOthers);

/** The applications' clients the caller let sign them in (issue 28), and withdrawing one. */
export const CONSENTS_KEY = ['reception-center', 'oauth', 'consents'] as const;
export const fetchConsents = () => call(consentEndpoints.list);
export const revokeConsent = (clientId: string) => call(consentEndpoints.revoke, { params: { clientId } });
