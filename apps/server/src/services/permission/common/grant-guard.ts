import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { menus, roleMenus, roles } from '../../../platform/db/schema.ts';
import type { PermissionDecider } from '../access/decider.ts';

/**
 * The safety rule of every grant: nobody hands out a resource they do not hold themselves. Granting a
 * role hands out every resource of that role; adding someone to a group or position hands out the
 * roles of the group or position.
 */
export interface GrantGuard {
  /** Menu nodes about to be granted to a role. */
  menus(menuIds: readonly string[]): Promise<void>;
  /** Roles about to be granted to a user, group, organisation or position. */
  roles(roleIds: readonly string[]): Promise<void>;
  /** `METHOD:/path` entries about to be listed by a menu element (a grant to whoever holds it). */
  apis(entries: readonly string[]): Promise<void>;
}

const forbidden = (what: string) => new AppError('FORBIDDEN', `You cannot grant what you do not hold yourself: ${what}`);

export function grantGuard(db: Db, decider: PermissionDecider, callerId: string): GrantGuard {
  const grants = () => decider.grantsOf(callerId);

  async function menusGuard(menuIds: readonly string[]) {
    if (menuIds.length === 0 || (await grants()).all) return;
    const rows = await db
      .select({ resource: menus.resource })
      .from(menus)
      .where(inArray(menus.id, [...menuIds]));
    const missing: string[] = [];
    for (const { resource } of rows) if (!(await decider.holdsResource(callerId, resource))) missing.push(resource);
    if (missing.length > 0) throw forbidden(missing.slice(0, 5).join(', '));
  }

  async function rolesGuard(roleIds: readonly string[]) {
    if (roleIds.length === 0 || (await grants()).all) return;
    const everything = await db
      .select({ code: roles.code })
      .from(roles)
      .where(and(inArray(roles.id, [...roleIds]), eq(roles.allResources, true)));
    if (everything.length > 0) throw forbidden(`role ${everything.map((r) => r.code).join(', ')} holds every resource`);
    const granted = await db
      .selectDistinct({ menuId: roleMenus.menuId })
      .from(roleMenus)
      .where(inArray(roleMenus.roleId, [...roleIds]));
    await menusGuard(granted.map((row) => row.menuId));
  }

  async function apisGuard(entries: readonly string[]) {
    const held = await grants();
    if (held.all) return;
    const missing = entries.filter((entry) => !held.apis.has(entry));
    if (missing.length > 0) throw forbidden(missing.slice(0, 5).join(', '));
  }

  return { menus: menusGuard, roles: rolesGuard, apis: apisGuard };
}

/** The guard for the signed-in caller of a gated route. */
export function callerGuard(db: Db, decider: PermissionDecider, actorId: string | null): GrantGuard {
  if (!actorId) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return grantGuard(db, decider, actorId);
}
