import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { roles, users } from '../../../platform/db/schema.ts';
import { SUPER_ADMIN_ROLE } from '../seed.ts';
import { roleHolderIds } from '../access/effective-roles.ts';

/** Active users who hold the super-administrator role by any path (directly, group, organisation, position). */
async function activeSuperAdmins(tx: Db): Promise<number> {
  const superAdmin = sql`array(select id from roles where code = ${SUPER_ADMIN_ROLE})`;
  const [row] = await tx
    .select({ count: count() })
    .from(users)
    .where(and(eq(users.actived, true), sql`${users.id} in (${roleHolderIds(superAdmin)})`));
  return row?.count ?? 0;
}

/**
 * Runs a change inside a transaction and refuses it (rolling it back) when it would leave no active
 * super-administrator, whatever path the last one held the role by. The role row is locked first so
 * two concurrent changes cannot each remove one of the last two holders.
 */
export async function keepingSuperAdmin<T>(tx: Db, change: () => Promise<T>): Promise<T> {
  await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, SUPER_ADMIN_ROLE)).for('no key update');
  const before = await activeSuperAdmins(tx);
  const result = await change();
  if (before > 0 && (await activeSuperAdmins(tx)) === 0) {
    throw new AppError('CONFLICT', 'This change would leave no active super-administrator; give the role to another active user first');
  }
  return result;
}
