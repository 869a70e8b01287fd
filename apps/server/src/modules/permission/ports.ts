import type { ReceptionCenterApi } from '../reception-center/index.ts';

/** What permission asks of the reception-center: sessions, tokens, captchas, the sign-in failure counter. */
export type SignInPorts = ReceptionCenterApi;

/** Sign-in sessions, ended inside permission's own transactions (a new password, a disabled user). */
export type SignInSessions = ReceptionCenterApi['sessions'];
