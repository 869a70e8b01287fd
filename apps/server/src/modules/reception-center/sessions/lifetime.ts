import type { AuthSettings } from '@portal/contracts';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A session's times, as sign_in_sessions keeps them. */
export interface SessionTimes {
  remember: boolean;
  createdAt: Date;
  expiresAt: Date;
}

/** How long a session started now may last: remembered, as long as a refresh-token chain; else the absolute limit. */
export const sessionLengthMs = (remember: boolean, auth: AuthSettings): number =>
  remember ? auth.refreshTokenDays * DAY_MS : auth.sessionAbsoluteHours * HOUR_MS;

/**
 * When the session ends by age under the current settings: its length counted from sign-in, and never
 * later than the end it was given at its start. So shortening a limit ends older sessions at once,
 * while lengthening it serves the sessions started afterwards.
 */
export const sessionEndsAt = (session: SessionTimes, auth: AuthSettings): Date =>
  new Date(Math.min(session.expiresAt.getTime(), session.createdAt.getTime() + sessionLengthMs(session.remember, auth)));

/**
 * The instants a session must be newer than to be in force now (ASVS V3.3): started after
 * `rememberedSince` or `since` (as it is remembered or not), and, with an idle limit, last used
 * after `usedSince`.
 */
export function inForceSince(auth: AuthSettings, now = Date.now()) {
  return {
    rememberedSince: new Date(now - sessionLengthMs(true, auth)),
    since: new Date(now - sessionLengthMs(false, auth)),
    usedSince: auth.sessionIdleMinutes > 0 ? new Date(now - auth.sessionIdleMinutes * 60_000) : null,
  };
}

/** The longest life of a refresh-token chain started now. */
export const chainLengthMs = (auth: AuthSettings): number => auth.refreshTokenDays * DAY_MS;
