import { PGlite } from '@electric-sql/pglite';
import { ELEMENT_STATUS } from '@portal/contracts';
import { fromPglite, type Db } from '../../apps/server/src/platform/db/client.ts';
import { menus, roleMenus, roles, userRoles, users } from '../../apps/server/src/modules/permission/tables.ts';
import { createLocalEventBus } from '../../apps/server/src/platform/events.ts';
import { createPermissionDecider, type PermissionDecider } from '../../apps/server/src/modules/permission/access/decider.ts';
import { uuidOf, type PermissionDataset } from './permission-dataset.ts';
import { asSystem } from '../../apps/server/src/platform/db/actor.ts';

/** Rows per INSERT: far below PostgreSQL's 65,535 bind parameters for every table here. */
const CHUNK = 2_000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Menu node ids of the points: kind 3, beside the users' 1 and the roles' 2. */
const pointId = (index: number) => uuidOf(3, index);

/** Writes the data set as the portal stores it: users, roles, element menu nodes, role_menus, user_roles. */
function seed(db: Db, data: PermissionDataset) {
  // Straight into the tables, as the system: the containment check is for actors' changes.
  return asSystem(db, (tx) => seedRows(tx, data));
}

async function seedRows(db: Db, data: PermissionDataset) {
  await insertChunked(
    data.userIds.map((id, i) => ({ id, username: `bench-user-${i}`, name: `Bench user ${i}` })),
    (chunk) => db.insert(users).values(chunk),
  );
  await insertChunked(
    data.roleIds.map((id, i) => ({ id, code: `bench-role-${i}`, name: `Bench role ${i}` })),
    (chunk) => db.insert(roles).values(chunk),
  );
  await insertChunked(
    data.points.map((api, i) => ({
      id: pointId(i),
      name: `point${i}`,
      title: `Point ${i}`,
      type: 'element' as const,
      resource: `bench:point${i}`,
      status: ELEMENT_STATUS,
      api: [api],
    })),
    (chunk) => db.insert(menus).values(chunk),
  );
  await insertChunked(
    data.roleGrants.flatMap((points, role) => points.map((point) => ({ roleId: data.roleIds[role] as string, menuId: pointId(point) }))),
    (chunk) => db.insert(roleMenus).values(chunk),
  );
  await insertChunked(
    data.userRoles.flatMap((held, user) =>
      held.map((role) => ({ userId: data.userIds[user] as string, roleId: data.roleIds[role] as string })),
    ),
    (chunk) => db.insert(userRoles).values(chunk),
  );
}

/**
 * The server's own decider over an embedded database holding the data set, with the grants of
 * `warmUserIds` already cached, as they are on a running server after each user's first request.
 */
export async function ourDecider(
  data: PermissionDataset,
  warmUserIds: string[],
): Promise<{ decider: PermissionDecider; coldLoadMs: number; close(): Promise<void> }> {
  const database = await fromPglite(new PGlite());
  await database.migrate();
  await seed(database.db, data);
  const events = createLocalEventBus();
  const decider = createPermissionDecider(database.db, events);
  // One at a time: PGlite runs one query at a time anyway, and this keeps memory flat.
  const started = performance.now();
  for (const userId of warmUserIds) await decider.grantsOf(userId);
  return {
    decider,
    /** Mean time to load one user's grants from the database (a cache miss). */
    coldLoadMs: (performance.now() - started) / warmUserIds.length,
    close: async () => {
      decider.close();
      await events.close();
      await database.close();
    },
  };
}
