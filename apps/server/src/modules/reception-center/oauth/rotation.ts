import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { refreshChains } from '../tables.ts';
import type { ChainPosition } from '../tokens/refresh-tokens.ts';

export interface ChainLink {
  familyId: string;
  sessionId: string;
  clientId: string;
  userId: string;
  scope: string;
  expiresAt: Date;
}

/**
 * Moves a chain on from the presented generation to the next, in one single-row update: only a
 * live chain of this client still at that generation qualifies, so two concurrent uses of one
 * token can never both rotate it. The statement is prepared once per connection.
 */
export function createRotation(db: Db) {
  const t = refreshChains;
  const statement = db
    .update(t)
    .set({ generation: sql`${t.generation} + 1`, rotatedAt: sql`now()` })
    .where(
      and(
        eq(t.familyId, sql.placeholder('familyId')),
        eq(t.generation, sql.placeholder('generation')),
        eq(t.clientId, sql.placeholder('clientId')),
        isNull(t.revokedAt),
        gt(t.expiresAt, sql`now()`),
      ),
    )
    .returning()
    .prepare('rotate_refresh_chain');

  return async (input: ChainPosition & { clientId: string }): Promise<(ChainLink & ChainPosition & { createdAt: Date }) | undefined> => {
    const [row] = await statement.execute({ ...input });
    return row;
  };
}
