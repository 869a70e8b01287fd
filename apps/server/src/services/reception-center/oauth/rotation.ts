import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { refreshTokens } from '../../../platform/db/schema.ts';

export interface ChainLink {
  familyId: string;
  sessionId: string;
  clientId: string;
  userId: string;
  scope: string;
  expiresAt: Date;
}

interface Row {
  family_id: string;
  session_id: string;
  client_id: string;
  user_id: string;
  scope: string;
  expires_at: Date | string;
}

/**
 * Claims a refresh token and stores its successor in one statement (one round trip, one commit):
 * only an unused, unrevoked, unexpired token of this client qualifies, so two concurrent uses can
 * never both rotate it. Nothing is returned when the token does not qualify.
 */
export async function rotate(db: Db, input: { tokenHash: string; clientId: string; nextHash: string }): Promise<ChainLink | undefined> {
  const t = refreshTokens;
  const result = await db.execute<Row & Record<string, unknown>>(sql`
    with used as (
      update ${t} set ${sql.identifier(t.usedAt.name)} = now()
      where ${t.tokenHash} = ${input.tokenHash} and ${t.clientId} = ${input.clientId}
        and ${t.usedAt} is null and ${t.revokedAt} is null and ${t.expiresAt} > now()
      returning ${t.familyId}, ${t.sessionId}, ${t.clientId}, ${t.userId}, ${t.scope}, ${t.expiresAt}
    )
    insert into ${t} (token_hash, family_id, session_id, client_id, user_id, scope, expires_at)
    select ${input.nextHash}, family_id, session_id, client_id, user_id, scope, expires_at from used
    returning family_id, session_id, client_id, user_id, scope, expires_at`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return undefined;
  return {
    familyId: row.family_id,
    sessionId: row.session_id,
    clientId: row.client_id,
    userId: row.user_id,
    scope: row.scope,
    expiresAt: new Date(row.expires_at),
  };
}
