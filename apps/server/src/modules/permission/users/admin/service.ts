import type { UserCreateInput, UserDetail, UserUpdateInput } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { notFound } from '../../../../platform/errors.ts';
import { groups, groupUsers, organizations, positions, roles, userPositions, userRoles, users } from '../../tables.ts';
import { referencedAsConflict, uniqueAsConflict } from '../../../../platform/db/errors.ts';
import { assertAllExist } from '../../../../platform/db/existence.ts';
import { consoleRoles } from '../../roles/rows.ts';
import { changeAs } from '../../access/containment/change.ts';
import { assertNotSelf, lockUser, type Caller, type UserAdminDeps } from './context.ts';
import { assertUnique } from './uniqueness.ts';
import { auditView, toUser, userColumns } from './views.ts';

/** GET /users/{id}: the user, their organisation, direct roles, groups and positions. */
export async function getUserDetail(db: Db, userId: string): Promise<UserDetail> {
  const [row] = await db
    .select({ ...userColumns, passwordExpired: users.passwordExpired })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('The user');
  const [directRoles, memberOf, fills] = await Promise.all([
    db
      .select({ id: roles.id, code: roles.code, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, userId), consoleRoles))
      .orderBy(roles.sort, roles.code),
    db
      .select({ id: groups.id, code: groups.code, name: groups.name, actived: groups.actived })
      .from(groupUsers)
      .innerJoin(groups, eq(groups.id, groupUsers.groupId))
      .where(eq(groupUsers.userId, userId))
      .orderBy(groups.code),
    db
      .select({ id: positions.id, code: positions.code, name: positions.name })
      .from(userPositions)
      .innerJoin(positions, eq(positions.id, userPositions.positionId))
      .where(eq(userPositions.userId, userId))
      .orderBy(positions.code),
  ]);
  const { passwordExpired, ...user } = row;
  return { ...toUser(user), passwordExpired, roles: directRoles, groups: memberOf, positions: fills };
}

/** POST /users: the administrator's password must be changed at the user's first sign-in. */
export async function createUser(deps: UserAdminDeps, caller: Caller, input: UserCreateInput): Promise<UserDetail> {
  const { db } = deps;
  if (input.orgId) await assertAllExist(db, organizations, [input.orgId], 'orgId');
  await assertUnique(db, input);
  const password = await deps.passwords.accept({ password: input.password, username: input.username });
  const created = await uniqueAsConflict(
    () =>
      changeAs(db, caller.actor, async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            username: input.username,
            name: input.name,
            email: input.email ?? null,
            phone: input.phone ?? null,
            orgId: input.orgId ?? null,
            description: input.description ?? null,
            ...password.columns(true),
          })
          .returning();
        if (!row) throw new Error('user insert returned nothing');
        await password.remember(tx, row.id);
        await recordAudit(tx, caller.actor, { action: 'users.create', targetType: 'user', targetId: row.id, after: auditView(row) });
        return row;
      }),
    'A user',
  );
  return getUserDetail(db, created.id);
}

/**
 * PUT /users/{id}: fields left out keep their value, null clears an optional one. The password is
 * not changed here (PATCH /users/{id}/password).
 */
export async function updateUser(deps: UserAdminDeps, caller: Caller, userId: string, input: UserUpdateInput): Promise<UserDetail> {
  const { db } = deps;
  if (input.orgId) await assertAllExist(db, organizations, [input.orgId], 'orgId');
  await assertUnique(db, input, userId);
  await uniqueAsConflict(
    () =>
      changeAs(db, caller.actor, async (tx) => {
        const before = await lockUser(tx, userId);
        const [after] = await tx
          .update(users)
          .set({
            username: input.username,
            name: input.name,
            email: input.email,
            phone: input.phone,
            orgId: input.orgId,
            description: input.description,
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId))
          .returning();
        if (!after) throw notFound('The user');
        await recordAudit(tx, caller.actor, {
          action: 'users.update',
          targetType: 'user',
          targetId: userId,
          before: auditView(before),
          after: auditView(after),
        });
      }),
    'A user',
  );
  return getUserDetail(db, userId);
}

/** DELETE /users/{id}: never oneself, never the last active super-administrator; their tokens die with them. */
export async function deleteUser(deps: UserAdminDeps, caller: Caller, userId: string): Promise<void> {
  assertNotSelf(caller, userId, 'delete');
  // A row elsewhere that must not lose its user (a foreign key without ON DELETE): disable instead.
  const families = await referencedAsConflict(
    () =>
      changeAs(deps.db, caller.actor, async (tx) => {
        const before = await lockUser(tx, userId);
        const revoked = await deps.sessions.revokeAll(tx, userId);
        await tx.delete(users).where(eq(users.id, userId));
        await recordAudit(tx, caller.actor, { action: 'users.delete', targetType: 'user', targetId: userId, before: auditView(before) });
        return revoked;
      }),
    'The user is still referred to by other records; disable the user instead',
  );
  await deps.revokeFamilies(families);
}
