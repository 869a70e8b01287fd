import type { AuthSettings } from '@portal/contracts';
import type { SignInSessionsApi } from '../api.ts';
import { listOwnSessions } from './list-own.ts';
import { revokeSessionsOf } from './revoke-all.ts';
import { revokeSession } from './revoke.ts';
import { revokeUserSessions } from './revoke-user-sessions.ts';

/** The sessions other modules may end or list, always inside their own transaction; listed as the auth settings say now. */
export const sessionsApiOf = (auth: () => Promise<AuthSettings>): SignInSessionsApi => ({
  revokeAll: revokeSessionsOf,
  revokeAllBut: revokeUserSessions,
  revokeOne: revokeSession,
  listOwn: async (db, userId, currentSessionId) => listOwnSessions(db, userId, currentSessionId, await auth()),
});
