import type { PageOf, PageQuery, User } from '@portal/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { organizations, users } from '../../../platform/db/schema.ts';
import type { Link } from './links.ts';
import { toUser, userColumns } from '../users/admin/views.ts';
import { containing, orderOf, pageOf, pageWindow } from './paging.ts';

const sortable = { username: users.username, name: users.name, createdAt: users.createdAt, updatedAt: users.updatedAt };

/** One page of the users matching `where` (and the keyword over username, name, e-mail and phone). */
export async function pageUsers(db: Db, where: SQL | undefined, query: PageQuery): Promise<PageOf<User>> {
  const window = pageWindow(query);
  const keyword = query.keyword
    ? or(
        ilike(users.username, containing(query.keyword)),
        ilike(users.name, containing(query.keyword)),
        ilike(users.email, containing(query.keyword)),
        ilike(users.phone, containing(query.keyword)),
      )
    : undefined;
  const filter = and(where, keyword);
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.orgId))
      .where(filter)
      .orderBy(...orderOf(query, sortable, [desc(users.createdAt)], users.id))
      .limit(window.size)
      .offset(window.offset),
    db.select({ count: count() }).from(users).where(filter),
  ]);
  return pageOf(rows.map(toUser), total?.count ?? 0, window);
}

/** Every user matching `where`, by username (for short lists such as an organisation's secondary members). */
export async function listUsers(db: Db, where: SQL): Promise<User[]> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(where)
    .orderBy(users.username)
    .limit(1000);
  return rows.map(toUser);
}

/** Every user linked to `ownId` through a link whose other side is users (a position's users, an organisation's secondary members). */
export const linkedUsers = (db: Db, link: Link, ownId: string): Promise<User[]> =>
  listUsers(db, inArray(users.id, db.select({ id: link.other }).from(link.table).where(eq(link.own, ownId))));
