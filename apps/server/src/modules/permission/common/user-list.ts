import type { User } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { organizations, users } from '../tables.ts';
import type { Link } from './links.ts';
import { toUser, userColumns } from '../users/admin/views.ts';

/**
 * Every user linked to `ownId` through a link whose other side is users (a position's users, an
 * organisation's secondary members), by username: these lists are short, so they are not paged.
 */
export async function linkedUsers(db: Db, link: Link, ownId: string): Promise<User[]> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(inArray(users.id, db.select({ id: link.other }).from(link.table).where(eq(link.own, ownId))))
    .orderBy(users.username)
    .limit(1000);
  return rows.map(toUser);
}
