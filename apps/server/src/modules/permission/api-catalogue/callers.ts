import { permissionKeyOf, type ApiCaller, type ApiDetail, type Endpoint } from '@portal/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { menus, roleMenus, roles } from '../tables.ts';

/**
 * The menu nodes that gate the call with this `METHOD:/path` key: its permission points. Any node
 * listing the key counts, as it does for the decider (access/decider.ts), so both answer alike.
 */
export async function pointsGating(db: Db, permissionKey: string): Promise<{ id: string; resource: string }[]> {
  return db
    .select({ id: menus.id, resource: menus.resource })
    .from(menus)
    .where(sql`${menus.api} @> ${JSON.stringify([permissionKey])}::jsonb`)
    .orderBy(asc(menus.resource));
}

/**
 * The roles that may call a gated API: those granted one of the elements gating it (with the
 * elements they hold it through), and those holding every resource.
 */
export async function rolesCalling(db: Db, points: { id: string; resource: string }[]): Promise<ApiCaller[]> {
  const resourceOf = new Map(points.map((point) => [point.id, point.resource]));
  const granted = points.length
    ? await db
        .select({ id: roles.id, code: roles.code, name: roles.name, menuId: roleMenus.menuId })
        .from(roleMenus)
        .innerJoin(roles, eq(roles.id, roleMenus.roleId))
        .where(inArray(roleMenus.menuId, [...resourceOf.keys()]))
    : [];
  const everything = await db.select({ id: roles.id, code: roles.code, name: roles.name }).from(roles).where(eq(roles.allResources, true));
  const callers = new Map<string, ApiCaller>(everything.map((role) => [role.id, { ...role, through: [] }]));
  for (const { menuId, ...role } of granted) {
    const caller = callers.get(role.id) ?? { ...role, through: [] };
    const resource = resourceOf.get(menuId);
    if (resource && !caller.through.includes(resource)) caller.through.push(resource);
    callers.set(role.id, caller);
  }
  return [...callers.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Who may call a platform endpoint: anyone, everyone signed in, or the roles granted a point gating it (and, for gatedOrOwner, the owner). */
export async function platformCallers(
  db: Db,
  endpoint: Endpoint,
): Promise<Pick<ApiDetail, 'callers' | 'roles' | 'points' | 'applications'>> {
  if (endpoint.access === 'open' || endpoint.access === 'signedIn') {
    return { callers: endpoint.access === 'open' ? 'anyone' : 'signedIn', roles: [], points: [], applications: [] };
  }
  const points = await pointsGating(db, permissionKeyOf(endpoint));
  return { callers: 'roles', roles: await rolesCalling(db, points), points: points.map((point) => point.resource), applications: [] };
}
