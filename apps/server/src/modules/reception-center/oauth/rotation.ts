import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { refreshChains, signInSessions } from '../tables.ts';
import type { ChainPosition } from '../tokens/refresh-tokens.ts';
import type { SessionState } from '../sessions/in-force.ts';

export interface ChainLink {
  familyId: string;
  sessionId: string;
  clientId: string;
  userId: string;
  scope: string;
  expiresAt: Date;
}

export type RotatedChain = ChainLink & ChainPosition & { createdAt: Date; session: SessionState };

/**
 * Moves a chain on from the presented generation to the next, in one single-row update: only a
 * live chain of this client still at that generation qualifies, so two concurrent uses of one
 * token can never both rotate it. The same statement reads the chain's sign-in session (not
 * locking it), whose standing the caller judges. It is prepared once per connection.
 */
export function createRotation(db: Db) {
  const t = refreshChains;
  const s = signInSessions;
  const statement = db
    .update(t)
    .set({ generation: sql`${t.generation} + 1`, rotatedAt: sql`now()` })
    .from(s)
    .where(
      and(
        eq(t.familyId, sql.placeholder('familyId')),
        eq(t.generation, sql.placeholder('generation')),
        eq(t.clientId, sql.placeholder('clientId')),
        isNull(t.revokedAt),
        gt(t.expiresAt, sql`now()`),
        eq(s.id, t.sessionId),
      ),
    )
    .returning({
      ...getTableColumns(t),
      sessionRemember: s.remember,
      sessionCreatedAt: s.createdAt,
      sessionExpiresAt: s.expiresAt,
      sessionLastUsedAt: s.lastUsedAt,
      sessionRevokedAt: s.revokedAt,
    })
    .prepare('rotate_refresh_chain');

  return async (input: ChainPosition & { clientId: string }): Promise<RotatedChain | undefined> => {
    const [row] = await statement.execute({ ...input });
    if (!row) return undefined;
    const { sessionRemember, sessionCreatedAt, sessionExpiresAt, sessionLastUsedAt, sessionRevokedAt, ...chain } = row;
    const session = {
      id: chain.sessionId,
      remember: sessionRemember,
      createdAt: sessionCreatedAt,
      expiresAt: sessionExpiresAt,
      lastUsedAt: sessionLastUsedAt,
      revokedAt: sessionRevokedAt,
    };
    return { ...chain, session };
  };
}
