import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { batchedCalls } from '../../../platform/batched-calls.ts';
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

type Presented = ChainPosition & { clientId: string };
const keyOf = (chain: Presented) => `${chain.familyId}.${chain.generation}.${chain.clientId}`;

/**
 * Moves chains on from the presented generation to the next, in one update for all the refreshes
 * of a turn of the event loop (batchedCalls): only a live chain of this client still at that
 * generation qualifies, and a row is updated once however often it is named, so two uses of one
 * token, in one batch or in two, never both rotate it (the first named gets the chain). The same
 * statement reads each chain's sign-in session (not locking it), whose standing the caller judges.
 * It is planned at each run, not prepared: a generic plan made while the table was small would scan it.
 */
export function createRotation(db: Db) {
  const t = refreshChains;
  const s = signInSessions;
  const statement = (presented: string) =>
    db
      .update(t)
      .set({ generation: sql`${t.generation} + 1`, rotatedAt: sql`now()` })
      .from(s)
      .where(
        and(
          sql`(${t.familyId}, ${t.generation}, ${t.clientId}) in (select f, g, c from json_to_recordset(${presented}::json) as p(f uuid, g int, c text))`,
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
      });

  async function rotateAll(presented: Presented[]): Promise<(RotatedChain | undefined)[]> {
    const json = JSON.stringify(presented.map((chain) => ({ f: chain.familyId, g: chain.generation, c: chain.clientId })));
    const rotated = new Map<string, RotatedChain>();
    for (const row of await statement(json)) {
      const { sessionRemember, sessionCreatedAt, sessionExpiresAt, sessionLastUsedAt, sessionRevokedAt, ...chain } = row;
      const session = {
        id: chain.sessionId,
        remember: sessionRemember,
        createdAt: sessionCreatedAt,
        expiresAt: sessionExpiresAt,
        lastUsedAt: sessionLastUsedAt,
        revokedAt: sessionRevokedAt,
      };
      // The generation presented, which the row has just left.
      rotated.set(keyOf({ ...chain, generation: chain.generation - 1 }), { ...chain, session });
    }
    return presented.map((chain) => {
      const link = rotated.get(keyOf(chain));
      rotated.delete(keyOf(chain));
      return link;
    });
  }

  return batchedCalls(rotateAll);
}
