import type { AccountSession, MfaPurpose, MfaToken, RevokedSessionCount, TotpEnrolment, TotpStatus } from '@portal/contracts';
import { http } from '../../../api/http.ts';
import { permissionUrl } from '../../../components/admin/adminApi.ts';

/** Query keys of this page; the profile shares baseInfo's key, so both pages see one copy. */
export const TOTP_KEY = ['permission', 'users', 'self', 'totp'] as const;
export const SESSIONS_KEY = ['permission', 'users', 'self', 'sessions'] as const;

/** How the caller proves it is them for one change. */
export type Proof = { method: 'password'; password: string } | { method: 'totp'; code: string };

export const requestMfaToken = (purpose: MfaPurpose, proof: Proof): Promise<string> =>
  http.post<MfaToken>(permissionUrl('/users/self/mfa'), { purpose, ...proof }).then((r) => r.data.mfa_token);

const withToken = (path: string, token: string) => `${permissionUrl(path)}?mfa_token=${encodeURIComponent(token)}`;

export const changeOwnPassword = (token: string, password: string) => http.patch(withToken('/users/password', token), { password });
export const changeOwnEmail = (token: string, email: string) => http.patch(withToken('/users/email', token), { email });
export const changeOwnPhone = (token: string, phone: string) => http.patch(withToken('/users/phone', token), { phone });

export const fetchTotpStatus = () => http.get<TotpStatus>(permissionUrl('/users/self/totp')).then((r) => r.data);
export const startTotp = (token: string) => http.post<TotpEnrolment>(withToken('/users/self/totp', token)).then((r) => r.data);
export const confirmTotp = (code: string) => http.post<TotpStatus>(permissionUrl('/users/self/totp/confirm'), { code }).then((r) => r.data);
export const removeTotp = (token: string) => http.delete(withToken('/users/self/totp', token));

export const fetchSessions = () => http.get<AccountSession[]>(permissionUrl('/users/self/sessions')).then((r) => r.data);
export const signOutSession = (id: string) => http.delete(permissionUrl('/users/self/sessions/{id}', { id }));
export const signOutOtherSessions = () => http.delete<RevokedSessionCount>(permissionUrl('/users/self/sessions')).then((r) => r.data);
