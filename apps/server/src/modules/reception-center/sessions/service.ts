import type { AuthSettings } from '@portal/contracts';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { signInSessions } from '../tables.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import type { AccessTokens } from '../tokens/access-tokens.ts';
import { revokeSession } from './revoke.ts';
import { asSystem } from '../../../platform/db/actor.ts';
import { sessionLengthMs } from './lifetime.ts';
import { inForce } from './in-force.ts';

export type SignInSession = typeof signInSessions.$inferSelect;

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
   * The session `which` names if it is still in force, its use recorded (the idle limit counts from
   * here) in the same statement; one found over is revoked, with its chains and their access tokens.
   */
  async function use(which: SQL): Promise<SignInSession | undefined> {
    const s = signInSessions;
    const [session] = await db
      .update(s)
      .set({ lastUsedAt: new Date() })
      .where(and(which, inForce(await auth())))
      .returning();
    if (session) return session;
    const [ended] = await db
      .select({ id: s.id })
      .from(s)
      .where(and(which, isNull(s.revokedAt)));
    if (ended) await revoke(ended.id);
    return undefined;
  }

  /** The session of a session cookie, in force (and now used), else undefined. */
  const findActive = async (token: string | undefined) => (token ? use(eq(signInSessions.tokenHash, sha256(token))) : undefined);

  /** The session a code or refresh token was issued under, in force (and now used), else undefined. */
  const useById = (sessionId: string) => use(eq(signInSessions.id, sessionId));

  return { start, findActive, useById, revoke };
}

export type Sessions = ReturnType<typeof createSessions>;
