import type { PageOf, PageQuery, User } from '@portal/contracts';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { organizations, users } from '../../../platform/db/schema.ts';
import { containing, orderOf, pageOf, pageWindow } from './paging.ts';

/** Locked out by sign-in failures right now (the counter's key is `user:<lower-case username>`). */
const locked = sql<boolean>`exists (select 1 from sign_in_failures f
  where f.key = 'user:' || lower("users"."username") and f.locked_until > now())`;

const columns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  avatar: users.avatar,
  actived: users.actived,
  locked,
  orgId: users.orgId,
  orgName: organizations.name,
  description: users.description,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type UserRow = Omit<User, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toUser = (row: UserRow): User => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

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
      .select(columns)
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
    .select(columns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(where)
    .orderBy(users.username)
    .limit(1000);
  return rows.map(toUser);
}
