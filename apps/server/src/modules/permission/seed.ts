import { walkCatalogue, ELEMENT_STATUS, type MenuSeedNode } from '@portal/contracts';
import { asSystem } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { menus, roles, userRoles, users } from './tables.ts';
import { hashPassword, randomToken } from '../../platform/crypto.ts';
import { seedInternalApplications } from './applications/seed.ts';

export const SUPER_ADMIN_ROLE = 'superAdmin';

/**
 * Adds the catalogue's menu nodes that the database lacks (by resource string), keeping each node's
 * parent and order; nodes already there, perhaps edited by an administrator, are left as they are.
 * Then the internal applications, whose roots are catalogue sections.
 */
export function syncMenuCatalogue(db: Db, catalogue: MenuSeedNode[]): Promise<void> {
  // The system's own change: the catalogue ships with the code.
  return asSystem(db, (tx) => addMissingNodes(tx, catalogue));
}

async function addMissingNodes(db: Db, catalogue: MenuSeedNode[]): Promise<void> {
  const ids = new Map((await db.select({ id: menus.id, resource: menus.resource }).from(menus)).map((r) => [r.resource, r.id]));
  const order = new Map<string | null, number>();
  for (const { node, resource, parentResource } of walkCatalogue(catalogue)) {
    const sort = order.get(parentResource) ?? 0;
    order.set(parentResource, sort + 1);
    if (ids.has(resource)) continue;
    const [row] = await db
      .insert(menus)
      .values({
        parentId: parentResource ? (ids.get(parentResource) ?? null) : null,
        name: node.name,
        title: node.title,
        type: node.type,
        resource,
        icon: node.icon ?? null,
        status: node.type === 'element' ? ELEMENT_STATUS : null,
        api: node.api ?? [],
        detail: node.detail ?? false,
        hide: node.hide ?? false,
        redirect: node.redirect ?? null,
        sort,
      })
      .onConflictDoNothing()
      .returning({ id: menus.id });
    if (row) ids.set(resource, row.id);
  }
  await seedInternalApplications(db);
}

/**
 * First start only: the super-administrator role and the admin user, in one transaction. Returns the generated password when none was configured, to be printed once.
 */
export async function seedPermission(db: Db, admin: { username: string; password: string | undefined }) {
  const existing = await db.select({ id: roles.id }).from(roles).limit(1);
  if (existing.length > 0) return { seeded: false as const };
  const password = admin.password ?? randomToken(12);
  const passwordHash = await hashPassword(password);
  // The system's own change: nobody is signed in yet to be its actor.
  await asSystem(db, async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ code: SUPER_ADMIN_ROLE, name: 'Super administrator', description: 'Holds every permission', allResources: true })
      .returning();
    const [user] = await tx.insert(users).values({ username: admin.username, name: 'Administrator', passwordHash }).returning();
    if (!role || !user) throw new Error('seeding the administrator failed');
    await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  });
  return { seeded: true as const, generatedPassword: admin.password ? undefined : password };
}
