import type { Organization, OrgResourceRef, OwnedRole, Position } from '@portal/contracts';
import { and, asc, count, eq, inArray, isNull, like, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { organizations, orgRoles, positions, roles, userSecondaryOrgs, users } from '../tables.ts';
import { toPosition, selectPositions } from '../positions/rows.ts';
import { consoleRoles, toRole } from '../roles/rows.ts';
import { orgColumns, pathIds, toOrganization, type OrgRow } from './rows.ts';
import { findOr404 } from '../../../platform/db/existence.ts';

/** Reads of the organisation tree and of what hangs off an organisation. */
export const findOrg = (db: Db, orgId: string): Promise<OrgRow> => findOr404(db, organizations, orgId, 'The organisation');

const listOrgs = async (db: Db, where: SQL | undefined): Promise<Organization[]> =>
  db.select(orgColumns).from(organizations).where(where).orderBy(asc(organizations.sort), asc(organizations.name), asc(organizations.id));

/** One level of the tree: the roots, or the children of a parent. */
export const orgLevel = (db: Db, parentId: string | undefined) =>
  listOrgs(db, parentId ? eq(organizations.parentId, parentId) : isNull(organizations.parentId));

export async function getOrg(db: Db, orgId: string): Promise<Organization> {
  const [row] = await listOrgs(db, eq(organizations.id, orgId));
  if (!row) throw notFound('The organisation');
  return row;
}

export interface OrgTreeNode extends Organization {
  children: OrgTreeNode[];
}

/** Every organisation nested under its parent: one query, nested in memory (10,000 rows in milliseconds). */
export async function wholeTree(db: Db): Promise<OrgTreeNode[]> {
  const rows = await db.select().from(organizations).orderBy(asc(organizations.sort), asc(organizations.name), asc(organizations.id));
  const nodes = new Map<string, OrgTreeNode>(rows.map((row) => [row.id, { ...toOrganization(row, false), children: [] }]));
  const roots: OrgTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

export async function childrenOf(db: Db, orgId: string): Promise<Organization[]> {
  await findOrg(db, orgId);
  return orgLevel(db, orgId);
}

export async function positionsOf(db: Db, orgId: string): Promise<Position[]> {
  await findOrg(db, orgId);
  const rows = await selectPositions(db, eq(positions.orgId, orgId)).orderBy(asc(positions.sort), asc(positions.name));
  return rows.map(toPosition);
}

/** `users.org_id` in the organisation, or anywhere below it when `subtree`. */
export function membersOf(db: Db, org: OrgRow, subtree: boolean): SQL {
  if (!subtree) return eq(users.orgId, org.id);
  // Paths are made of uuids and '/', so they hold no LIKE wildcard.
  return inArray(
    users.orgId,
    db
      .select({ id: organizations.id })
      .from(organizations)
      .where(like(organizations.path, `${org.path}%`)),
  );
}

/** Roles effective for the members: granted to the organisation itself or to any organisation above it. */
export async function ownedRoles(db: Db, orgId: string): Promise<OwnedRole[]> {
  const org = await findOrg(db, orgId);
  const rows = await db
    .select({ role: roles, grantedTo: orgRoles.orgId })
    .from(orgRoles)
    .innerJoin(roles, eq(roles.id, orgRoles.roleId))
    .where(and(inArray(orgRoles.orgId, pathIds(org.path)), consoleRoles))
    .orderBy(asc(roles.sort), asc(roles.name));
  const owned = new Map<string, OwnedRole>();
  for (const { role, grantedTo } of rows) {
    const inherited = grantedTo !== orgId && (owned.get(role.id)?.inherited ?? true);
    owned.set(role.id, { ...toRole(role), inherited });
  }
  return [...owned.values()];
}

const countOf = async (query: Promise<{ count: number }[]>) => (await query)[0]?.count ?? 0;

/**
 * What hangs under the organisation and would be left without one if it went. One count after
 * another: `db` may be a transaction, whose single connection takes one query at a time.
 */
export async function orgDependents(db: Db, orgId: string): Promise<{ members: number; children: number; positions: number }> {
  return {
    members: await countOf(db.select({ count: count() }).from(users).where(eq(users.orgId, orgId))),
    children: await countOf(db.select({ count: count() }).from(organizations).where(eq(organizations.parentId, orgId))),
    positions: await countOf(db.select({ count: count() }).from(positions).where(eq(positions.orgId, orgId))),
  };
}

export async function resourceRefs(db: Db, orgId: string): Promise<OrgResourceRef> {
  await findOrg(db, orgId);
  const [dependents, secondaryUsers, roleCount] = await Promise.all([
    orgDependents(db, orgId),
    countOf(db.select({ count: count() }).from(userSecondaryOrgs).where(eq(userSecondaryOrgs.orgId, orgId))),
    countOf(db.select({ count: count() }).from(orgRoles).where(eq(orgRoles.orgId, orgId))),
  ]);
  return { users: dependents.members, secondaryUsers, children: dependents.children, positions: dependents.positions, roles: roleCount };
}
