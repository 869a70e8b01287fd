import type { Group } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { groups } from '../tables.ts';

/** Select list of a group with its member count. */
export const groupColumns = {
  id: groups.id,
  code: groups.code,
  name: groups.name,
  description: groups.description,
  actived: groups.actived,
  createdAt: groups.createdAt,
  userCount: sql<number>`(select count(*) from group_users gu where gu.group_id = "groups"."id")`.mapWith(Number),
};

export const toGroup = (row: Omit<Group, 'createdAt'> & { createdAt: Date }): Group => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
