import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { roles, users } from '../../../platform/db/schema.ts';
import { SUPER_ADMIN_ROLE } from '../seed.ts';

/** Active users who hold the super-administrator role by any path (directly, group, organisation, position). */
async function activeSuperAdmins(tx: Db): Promise<number> {
  const superAdmin = sql`(select id from roles where code = ${SUPER_ADMIN_ROLE})`;
  const [row] = await tx
    .select({ count: count() })
    .from(users)
    .where(
      and(
        eq(users.actived, true),
        sql`(
          ${users.id} in (select user_id from user_roles where role_id in ${superAdmin})
          or ${users.id} in (select gu.user_id from group_users gu
            join groups g on g.id = gu.group_id and g.actived
            join group_roles gr on gr.group_id = g.id
            where gr.role_id in ${superAdmin})
          or ${users.id} in (select up.user_id from user_positions up
            join position_roles pr on pr.position_id = up.position_id
            where pr.role_id in ${superAdmin})
          or ${users.orgId} in (select o.id from organizations o
            join org_roles orr on o.path like '%/' || orr.org_id::text || '/%'
            where orr.role_id in ${superAdmin})
        )`,
      ),
    );
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
