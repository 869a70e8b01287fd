import type { AuthSettings } from '@portal/contracts';
import { and, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { signInSessions } from '../tables.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import type { AccessTokens } from '../tokens/access-tokens.ts';
import { revokeSession } from './revoke.ts';
import { asSystem } from '../../../platform/db/actor.ts';
import { sessionLengthMs } from './lifetime.ts';
import { isInForce, type SessionState } from './in-force.ts';

export type SignInSession = typeof signInSessions.$inferSelect;

/** How far behind a session's recorded last use may be: the idle limit (minutes) may end it this much early. */
const USE_RECORDED_EVERY_MS = 10_000;

/**
 * Sign-in sessions at the authorization server: the httpOnly cookie behind /oauth/authorize, and
 * what every refresh-token chain hangs from. Their lifetimes follow the auth settings as they are at
 * each use (lifetime.ts); a session found over is revoked with its chains and their access tokens.
 */
export function createSessions(db: Db, accessTokens: AccessTokens, auth: () => Promise<AuthSettings>) {
  async function start(input: { userId: string; remember: boolean; ip: string; userAgent: string | undefined }) {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + sessionLengthMs(input.remember, await auth()));
    const [session] = await db
      .insert(signInSessions)
      .values({
        tokenHash: sha256(token),
        userId: input.userId,
        remember: input.remember,
        ip: input.ip,
        userAgent: input.userAgent ?? null,
        expiresAt,
      })
      .returning();
    if (!session) throw new Error('session insert returned nothing');
    return { token, session };
  }

  /** Ends the session and every token chain issued under it. */
  async function revoke(sessionId: string): Promise<void> {
    // Its holder signing out, or its time being up: the sign-in flows' own bookkeeping.
    const { familyIds } = await asSystem(db, (tx) => revokeSession(tx, { sessionId }));
    await accessTokens.revokeFamilies(familyIds);
  }

  /**
   * Whether a session read a moment ago is in force by the settings now. If so its use is recorded
   * (the idle limit counts from here), but only when the recorded one is USE_RECORDED_EVERY_MS old,
   * so the calls of one session (every refresh of every chain under it) do not queue on its row.
   * One found over is revoked, with its chains and their access tokens.
   */
  async function admit(session: SessionState): Promise<boolean> {
    if (!isInForce(session, await auth())) {
      if (session.revokedAt === null) await revoke(session.id);
      return false;
    }
    const recordedSince = new Date(Date.now() - USE_RECORDED_EVERY_MS);
    if (session.lastUsedAt < recordedSince)
      await db
        .update(signInSessions)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(signInSessions.id, session.id), lt(signInSessions.lastUsedAt, recordedSince)));
    return true;
  }

  /** The session `which` names, if it is in force (and now used). */
  async function use(which: SQL): Promise<SignInSession | undefined> {
    const [session] = await db.select().from(signInSessions).where(which);
    return session && (await admit(session)) ? session : undefined;
  }

  /** The session of a session cookie, in force (and now used), else undefined. */
  const findActive = async (token: string | undefined) => (token ? use(eq(signInSessions.tokenHash, sha256(token))) : undefined);

  /** The session a code or refresh token was issued under, in force (and now used), else undefined. */
  const useById = (sessionId: string) => use(eq(signInSessions.id, sessionId));

  return { start, findActive, useById, admit, revoke };
}

export type Sessions = ReturnType<typeof createSessions>;
