import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { signInSessions } from '../tables.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import type { AccessTokens } from '../tokens/access-tokens.ts';
import { revokeSession } from './revoke.ts';
import { asSystem } from '../../../platform/db/actor.ts';

const REMEMBERED_SESSION_MS = 30 * 24 * 3600 * 1000;
const SESSION_MS = 12 * 3600 * 1000;

export type SignInSession = typeof signInSessions.$inferSelect;

/** Sign-in sessions at the authorization server: the httpOnly cookie behind /oauth/authorize. */
export function createSessions(db: Db, accessTokens: AccessTokens) {
  async function start(input: { userId: string; remember: boolean; ip: string; userAgent: string | undefined }) {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + (input.remember ? REMEMBERED_SESSION_MS : SESSION_MS));
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

  async function findActive(token: string | undefined): Promise<SignInSession | undefined> {
    if (!token) return undefined;
    const rows = await db
      .select()
      .from(signInSessions)
      .where(and(eq(signInSessions.tokenHash, sha256(token)), isNull(signInSessions.revokedAt), gt(signInSessions.expiresAt, new Date())))
      .limit(1);
    return rows[0];
  }

  /** Ends the session and every token chain issued under it. */
  async function revoke(sessionId: string): Promise<void> {
    // Its holder signing out: the sign-in flows' own bookkeeping.
    const { familyIds } = await asSystem(db, (tx) => revokeSession(tx, { sessionId }));
    await accessTokens.revokeFamilies(familyIds);
  }

  return { start, findActive, revoke };
}

export type Sessions = ReturnType<typeof createSessions>;
