import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import { AppError } from '../../../../platform/errors.ts';
import { userExternalIdentities as links } from '../../tables.ts';
import type { UserRow } from '../directory.ts';

/**
 * Nobody is left without a way to sign in: a link goes only while the user keeps a password or
 * another link. Checked inside the transaction that removes it, with the user's row locked.
 */
export async function assertAnotherWayIn(tx: Db, user: Pick<UserRow, 'id' | 'passwordHash'>, removing: readonly string[]): Promise<void> {
  if (user.passwordHash) return;
  const others = removing.length ? and(eq(links.userId, user.id), ...removing.map((id) => ne(links.id, id))) : eq(links.userId, user.id);
  const [row] = await tx.select({ n: count() }).from(links).where(others);
  if ((row?.n ?? 0) === 0) {
    throw new AppError('CONFLICT', 'This is the last way to sign in to the account: set a password or link another account first', {
      reason: 'last_sign_in_method',
    });
  }
}
