import { and, desc, eq, notInArray } from 'drizzle-orm';
import { verifyPassword } from '../../../../platform/crypto.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { passwordHistory, users } from '../../tables.ts';

/**
 * Whether the password is one of the user's last `count` passwords: the current one and those
 * remembered before it (a current password set before the history was kept counts too).
 */
export async function usedBefore(db: Db, userId: string, password: string, count: number): Promise<boolean> {
  if (count === 0) return false;
  const [current] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const remembered = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(count);
  const hashes = [...new Set([current?.hash, ...remembered.map((row) => row.hash)])].filter((hash): hash is string => !!hash);
  const matches = await Promise.all(hashes.slice(0, count).map((hash) => verifyPassword(hash, password)));
  return matches.some(Boolean);
}

/**
 * Remembers a password just set, inside the transaction that set it, and forgets all but the last
 * `keep` (none at all when the history rule is off: hashes are kept no longer than a rule needs them).
 */
export async function rememberPassword(tx: Db, userId: string, passwordHash: string, keep: number): Promise<void> {
  if (keep > 0) await tx.insert(passwordHistory).values({ userId, passwordHash });
  const kept = tx
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(keep);
  await tx.delete(passwordHistory).where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, kept)));
}
