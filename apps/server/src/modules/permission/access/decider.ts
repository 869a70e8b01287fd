import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { menus, roleMenus, roles } from '../tables.ts';
import { effectiveRoleIds } from './effective-roles.ts';
import type { EventBus } from '../../../platform/events.ts';
import { ADMINISTRATION_SECTIONS, SELF_SERVICE_RESOURCES } from '@portal/contracts';
import { covers } from './resources.ts';

export const PERMISSION_CHANGED_TOPIC = 'permission.changed';
const CACHE_LIMIT = 50_000;

export interface UserGrants {
  /** Holds every resource (super-administrator). */
  all: boolean;
  /** Resource strings of the granted menu nodes. */
  resources: string[];
  /** `METHOD:/path` entries of every element the user holds. */
  apis: Set<string>;
  roles: { id: string; code: string; name: string }[];
}

/**
 * The permission decision: a user's grants are computed once from their roles (held directly and
 * through groups, organisations and positions), then each request is a set look-up. Any grant change, on any instance, clears the cache through the event bus.
 */
export function createPermissionDecider(db: Db, events: EventBus) {
  const cache = new Map<string, Promise<UserGrants>>();
  const unsubscribe = events.subscribe(PERMISSION_CHANGED_TOPIC, () => cache.clear());

  async function load(userId: string): Promise<UserGrants> {
    const held = await db
      .select({ id: roles.id, code: roles.code, name: roles.name, all: roles.allResources })
      .from(roles)
      .where(inArray(roles.id, effectiveRoleIds(userId)));
    const all = held.some((role) => role.all);
    const roleIds = held.map((role) => role.id);
    const granted = all
      ? await db.select({ resource: menus.resource, api: menus.api }).from(menus)
      : roleIds.length === 0
        ? []
        : await db
            .selectDistinct({ resource: menus.resource, api: menus.api })
            .from(roleMenus)
            .innerJoin(menus, eq(menus.id, roleMenus.menuId))
            .where(inArray(roleMenus.roleId, roleIds));
    return {
      all,
      resources: [...SELF_SERVICE_RESOURCES, ...granted.map((row) => row.resource)],
      apis: new Set(granted.flatMap((row) => row.api)),
      roles: held.map(({ id, code, name }) => ({ id, code, name })),
    };
  }

  function grantsOf(userId: string): Promise<UserGrants> {
    let grants = cache.get(userId);
    if (!grants) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      grants = load(userId);
      grants.catch(() => cache.delete(userId));
      cache.set(userId, grants);
    }
    return grants;
  }

  async function isAllowed(userId: string, permission: string): Promise<boolean> {
    const grants = await grantsOf(userId);
    return grants.all || grants.apis.has(permission);
  }

  async function holdsResource(userId: string, resource: string): Promise<boolean> {
    const grants = await grantsOf(userId);
    return grants.all || grants.resources.some((granted) => covers(granted, resource));
  }

  /** Holds every resource, or any node of an administration section of the console (ADMINISTRATION_SECTIONS). */
  async function isAdministrator(userId: string): Promise<boolean> {
    const grants = await grantsOf(userId);
    return grants.all || grants.resources.some((granted) => ADMINISTRATION_SECTIONS.some((section) => covers(section, granted)));
  }

  return { grantsOf, isAllowed, holdsResource, isAdministrator, close: unsubscribe };
}

export type PermissionDecider = ReturnType<typeof createPermissionDecider>;
