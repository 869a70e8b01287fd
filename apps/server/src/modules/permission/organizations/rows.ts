import type { Organization } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { organizations } from '../tables.ts';

export type OrgRow = typeof organizations.$inferSelect;

/** Select list of an organisation with whether it has children (for lazy tree loading). */
export const orgColumns = {
  id: organizations.id,
  parentId: organizations.parentId,
  name: organizations.name,
  code: organizations.code,
  path: organizations.path,
  sort: organizations.sort,
  description: organizations.description,
  hasChildren: sql<boolean>`exists (select 1 from organizations c where c.parent_id = "organizations"."id")`,
};

export const toOrganization = (row: OrgRow, hasChildren: boolean): Organization => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  code: row.code,
  path: row.path,
  sort: row.sort,
  description: row.description,
  hasChildren,
});

/** The ids on an organisation's path, root first, itself last. */
export const pathIds = (path: string): string[] => path.split('/').filter(Boolean);
