import type { StaticInfo, TopStats } from '@portal/contracts';
import { count, desc, eq, sql } from 'drizzle-orm';
import { consoleRoles } from '../roles/rows.ts';
import type { Db } from '../../../platform/db/client.ts';
import { groups, menus, organizations, positions, roles, userRoles, users } from '../tables.ts';

/** The overview page's counters. */
export async function staticInfo(db: Db): Promise<StaticInfo> {
  const [row] = await db
    .select({
      users: count(),
      activeUsers: sql<number>`count(*) filter (where ${users.actived})`.mapWith(Number),
      groups: sql<number>`(select count(*) from ${groups})`.mapWith(Number),
      roles: sql<number>`(select count(*) from ${roles})`.mapWith(Number),
      organizations: sql<number>`(select count(*) from ${organizations})`.mapWith(Number),
      positions: sql<number>`(select count(*) from ${positions})`.mapWith(Number),
      menus: sql<number>`(select count(*) from ${menus})`.mapWith(Number),
    })
    .from(users);
  return row ?? { users: 0, activeUsers: 0, groups: 0, roles: 0, organizations: 0, positions: 0, menus: 0 };
}

const TOP = 10;

/** The ten organisations with most members and the ten roles with most direct holders, for the charts. */
export async function topStats(db: Db): Promise<TopStats> {
  const members = count(users.id);
  const holders = count(userRoles.userId);
  const [orgRows, roleRows] = await Promise.all([
    db
      .select({ id: organizations.id, name: organizations.name, count: members })
      .from(organizations)
      .innerJoin(users, eq(users.orgId, organizations.id))
      .groupBy(organizations.id)
      .orderBy(desc(members), organizations.name)
      .limit(TOP),
    db
      .select({ id: roles.id, name: roles.name, count: holders })
      .from(roles)
      .innerJoin(userRoles, eq(userRoles.roleId, roles.id))
      .where(consoleRoles)
      .groupBy(roles.id)
      .orderBy(desc(holders), roles.name)
      .limit(TOP),
  ]);
  return { organizations: orgRows, roles: roleRows };
}
