import type { UserImportMode, UserImportResult } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../../platform/db/client.ts';
import { findApplication, type ApplicationRow } from '../../../applications/rows.ts';
import { roleMenus, roles, userRoles, users } from '../../../tables.ts';
import type { Caller, UserAdminDeps } from '../context.ts';
import { sheetRowsOf } from './export.ts';
import { importUsers } from './import.ts';
import type { UserSheetRow } from './sheet.ts';

/**
 * An application's users are the users its users role is given to. A user reaches an application on
 * the workbench by holding its root menu node (or a node of its tree): the users role grants that
 * root, so whoever holds it may open the application and everything in it. The role is created the
 * first time users are imported, is an ordinary role (the role editor shows it, its grants can be
 * narrowed there) and goes when the application is deleted.
 */
export const usersRoleCode = (applicationId: string) => `application-users-${applicationId}`;

/** The application's users role, created with its grant of the application's root node if it is missing. */
async function usersRoleOf(tx: Db, application: ApplicationRow): Promise<string> {
  const code = usersRoleCode(application.id);
  const [existing] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  if (existing) return existing.id;
  const [role] = await tx
    .insert(roles)
    .values({ code, name: `Users of ${application.name}`, description: `Users authorised to open ${application.instant}` })
    .returning({ id: roles.id });
  if (!role) throw new Error('role insert returned nothing');
  await tx.insert(roleMenus).values({ roleId: role.id, menuId: application.menuId });
  return role.id;
}

/**
 * POST users/application/{id}/import: the organisation import's rows, checks and all-or-nothing
 * write (new users join no organisation, existing ones in upsert mode stay in theirs), and every
 * row's user is given the application's users role. The change runs under the containment check,
 * so an importer who does not hold the application's root node is refused whole (403).
 */
export async function importApplicationUsers(
  deps: UserAdminDeps,
  caller: Caller,
  applicationId: string,
  mode: UserImportMode,
  bytes: Buffer,
): Promise<UserImportResult> {
  const application = await findApplication(deps.db, applicationId);
  return importUsers(
    deps,
    caller,
    {
      orgId: null,
      targetType: 'application',
      targetId: application.id,
      alsoFor: async (tx, userIds) => {
        const roleId = await usersRoleOf(tx, application);
        await tx
          .insert(userRoles)
          .values(userIds.map((userId) => ({ userId, roleId })))
          .onConflictDoNothing();
      },
    },
    mode,
    bytes,
  );
}

/** GET users/application/{id}/export: the holders of the application's users role, in the template's columns. */
export async function exportApplicationUsers(db: Db, applicationId: string): Promise<{ instant: string; rows: UserSheetRow[] }> {
  const application = await findApplication(db, applicationId);
  const holders = db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.code, usersRoleCode(application.id)));
  return { instant: application.instant, rows: await sheetRowsOf(db, inArray(users.id, holders)) };
}
