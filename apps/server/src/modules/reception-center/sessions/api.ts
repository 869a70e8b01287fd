import type { SignInSessionsApi } from '../api.ts';
import { listOwnSessions } from './list-own.ts';
import { revokeSessionsOf } from './revoke-all.ts';
import { revokeSession } from './revoke.ts';
import { revokeUserSessions } from './revoke-user-sessions.ts';

/** The sessions other modules may end or list, always inside their own transaction. */
export const sessionsApi: SignInSessionsApi = {
  revokeAll: revokeSessionsOf,
  revokeAllBut: revokeUserSessions,
  revokeOne: revokeSession,
  listOwn: listOwnSessions,
};
