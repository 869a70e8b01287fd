import type { UserImportMode, UserImportResult, UserImportRowError } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../../../../platform/audit.ts';
import { hashPassword, randomToken } from '../../../../../platform/crypto.ts';
import type { Db } from '../../../../../platform/db/client.ts';
import { AppError } from '../../../../../platform/errors.ts';
import { groupUsers, organizations, userPositions, users } from '../../../tables.ts';
import { uniqueAsConflict } from '../../../../../platform/db/errors.ts';
import { findOr404 } from '../../../../../platform/db/existence.ts';
import { changeAs } from '../../../access/containment/change.ts';
import type { Caller, UserAdminDeps } from '../context.ts';
import { conflictsOf, lookUp, type ImportLookups } from './lookups.ts';
import { checkRows, type ImportRow } from './rows.ts';
import { readUserSheet } from './sheet.ts';
import { badRows } from '../../../../../platform/excel/sheet.ts';
import type { PasswordPolicyService } from '../../passwords/policy.ts';

const INSERT_CHUNK = 500;
const HASH_CONCURRENCY = 2;

/** Where an import puts its users, and how its audit entry names that place. */
export interface ImportTarget {
  /** The organisation new users join and existing ones (upsert) move into; null: new users join none, existing ones stay. */
  orgId: string | null;
  targetType: 'organization' | 'application';
  targetId: string;
  /** More the import does for every row's user, in its transaction (an application authorises them). */
  alsoFor?: (tx: Db, userIds: string[]) => Promise<void>;
}

/** POST /v1/org/{orgId}/users/files/excel: the organisation's import (see importUsers). */
export async function importOrgUsers(deps: UserAdminDeps, caller: Caller, orgId: string, mode: UserImportMode, bytes: Buffer) {
  await findOr404(deps.db, organizations, orgId, 'The organisation');
  return importUsers(deps, caller, { orgId, targetType: 'organization', targetId: orgId }, mode, bytes);
}

/**
 * Every row is checked first (its cells, duplicates in the
 * file, conflicts with the database, codes that name nothing) and all problems are reported
 * together; only a file without any is written, in one transaction. New users get the row's initial
 * password or a random one, to be changed at the first sign-in; in `upsert` mode a user who exists
 * is moved into the organisation and updated from the row's non-empty cells (keeping their password).
 */
export async function importUsers(
  deps: UserAdminDeps,
  caller: Caller,
  target: ImportTarget,
  mode: UserImportMode,
  bytes: Buffer,
): Promise<UserImportResult> {
  const { db } = deps;
  const { orgId } = target;
  const { rows, errors } = checkRows(await readUserSheet(bytes));
  if (rows.length === 0) throw new AppError('VALIDATION_FAILED', 'The file holds no user rows', { rows: [] });
  errors.push(...(await initialPasswordsRefused(deps.passwords, rows)));
  const found = await lookUp(db, rows);
  errors.push(...conflictsOf(rows, found, mode));
  if (errors.length > 0) throw badRows(errors);

  const existingId = (row: ImportRow) => found.usersByUsername.get(row.username.toLowerCase())?.id;
  const fresh = rows.filter((row) => !existingId(row));
  const moves = rows.flatMap((row) => {
    const id = existingId(row);
    return id ? [{ row, id }] : [];
  });
  const hashes = await hashAll(fresh.map((row) => row.initialPassword ?? randomToken(18)));

  await uniqueAsConflict(
    () =>
      changeAs(db, caller.actor, async (tx) => {
        const created = await insertFresh(tx, orgId, fresh, hashes);
        const before = await moveExisting(tx, orgId, moves);
        const ids = new Map([...created, ...moves.map(({ row, id }) => [row.row, id] as const)]);
        await attach(tx, rows, ids, found);
        await target.alsoFor?.(tx, [...ids.values()]);
        await recordAudit(tx, caller.actor, {
          action: 'users.import',
          targetType: target.targetType,
          targetId: target.targetId,
          before: { updated: before },
          after: { mode, orgId, created: fresh.map((r) => r.username), updated: moves.map(({ row }) => row.username) },
        });
      }),
    'A user',
  );
  return { imported: rows.length, updated: moves.length };
}

/** The initial passwords the password policy refuses, one error per row naming the requirement. */
async function initialPasswordsRefused(passwords: PasswordPolicyService, rows: ImportRow[]): Promise<UserImportRowError[]> {
  const errors: UserImportRowError[] = [];
  for (const { row, username, initialPassword } of rows) {
    const broken = initialPassword ? await passwords.check({ password: initialPassword, username }) : undefined;
    if (broken) errors.push({ row, field: 'initial password', reason: broken.message });
  }
  return errors;
}

/** New users, in chunks; answers their ids by sheet row. */
async function insertFresh(tx: Db, orgId: string | null, fresh: ImportRow[], hashes: string[]): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const chunk = fresh.slice(i, i + INSERT_CHUNK);
    const values = chunk.map((row, j) => ({ ...fields(row), orgId, passwordHash: hashes[i + j] ?? null, passwordExpired: true }));
    const inserted = await tx.insert(users).values(values).returning({ id: users.id });
    chunk.forEach((row, j) => ids.set(row.row, inserted[j]?.id ?? ''));
  }
  return ids;
}

/** Existing users (upsert mode) moved into the organisation, if any; empty cells keep what the user has. Answers them as they were. */
async function moveExisting(tx: Db, orgId: string | null, moves: { row: ImportRow; id: string }[]) {
  if (moves.length === 0) return [];
  const before = await tx
    .select({ id: users.id, username: users.username, name: users.name, email: users.email, phone: users.phone, orgId: users.orgId })
    .from(users)
    .where(
      inArray(
        users.id,
        moves.map(({ id }) => id),
      ),
    );
  for (const { row, id } of moves) {
    const { username: _kept, ...cells } = fields(row);
    const set = Object.fromEntries(Object.entries(cells).filter(([, value]) => value !== null));
    await tx
      .update(users)
      .set({ ...set, ...(orgId ? { orgId } : {}), updatedAt: new Date() })
      .where(eq(users.id, id));
  }
  return before;
}

const fields = (row: ImportRow) => ({ username: row.username, name: row.name, email: row.email, phone: row.phone });

/** Positions and groups of each row, added to what the user already has. */
async function attach(tx: Db, rows: ImportRow[], ids: Map<number, string>, found: ImportLookups): Promise<void> {
  const fills = rows.flatMap((row) =>
    row.positionCodes.map((code) => ({ userId: ids.get(row.row) ?? '', positionId: found.positionIds.get(code) ?? '' })),
  );
  const memberships = rows.flatMap((row) =>
    row.groupCodes.map((code) => ({ userId: ids.get(row.row) ?? '', groupId: found.groupIds.get(code) ?? '' })),
  );
  for (let i = 0; i < fills.length; i += INSERT_CHUNK)
    await tx
      .insert(userPositions)
      .values(fills.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing();
  for (let i = 0; i < memberships.length; i += INSERT_CHUNK)
    await tx
      .insert(groupUsers)
      .values(memberships.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing();
}

/** argon2id costs ~20 ms per password: a few at a time, so one import does not starve other requests. */
async function hashAll(passwords: string[]): Promise<string[]> {
  const hashes: string[] = [];
  for (let i = 0; i < passwords.length; i += HASH_CONCURRENCY) {
    hashes.push(...(await Promise.all(passwords.slice(i, i + HASH_CONCURRENCY).map(hashPassword))));
  }
  return hashes;
}
