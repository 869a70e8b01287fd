import type { UserImportMode, UserImportRowError } from '@portal/contracts';
import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../../../platform/db/client.ts';
import { groups, positions, users } from '../../../tables.ts';
import type { ImportRow } from './rows.ts';

export interface ExistingUser {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
}

/** What the rows refer to in the database, read in four statements whatever the number of rows. */
export interface ImportLookups {
  /** By lower-case username. */
  usersByUsername: Map<string, ExistingUser>;
  /** By lower-case e-mail. */
  usersByEmail: Map<string, ExistingUser>;
  usersByPhone: Map<string, ExistingUser>;
  positionIds: Map<string, string>;
  groupIds: Map<string, string>;
}

export async function lookUp(db: Db, rows: ImportRow[]): Promise<ImportLookups> {
  const usernames = rows.map((r) => r.username.toLowerCase()).filter(Boolean);
  const emails = rows.flatMap((r) => (r.email ? [r.email.toLowerCase()] : []));
  const phones = rows.flatMap((r) => (r.phone ? [r.phone] : []));
  const positionCodes = [...new Set(rows.flatMap((r) => r.positionCodes))];
  const groupCodes = [...new Set(rows.flatMap((r) => r.groupCodes))];
  const [existing, positionRows, groupRows] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, email: users.email, phone: users.phone })
      .from(users)
      .where(
        or(
          usernames.length ? inArray(sql`lower(${users.username})`, usernames) : undefined,
          emails.length ? inArray(sql`lower(${users.email})`, emails) : undefined,
          phones.length ? inArray(users.phone, phones) : undefined,
        ) ?? sql`false`,
      ),
    positionCodes.length
      ? db.select({ id: positions.id, code: positions.code }).from(positions).where(inArray(positions.code, positionCodes))
      : [],
    groupCodes.length ? db.select({ id: groups.id, code: groups.code }).from(groups).where(inArray(groups.code, groupCodes)) : [],
  ]);
  const by = (keyOf: (u: ExistingUser) => string | null) =>
    new Map(existing.flatMap((u) => (keyOf(u) ? [[keyOf(u) as string, u] as const] : [])));
  return {
    usersByUsername: by((u) => u.username.toLowerCase()),
    usersByEmail: by((u) => u.email?.toLowerCase() ?? null),
    usersByPhone: by((u) => u.phone),
    positionIds: new Map(positionRows.map((p) => [p.code, p.id])),
    groupIds: new Map(groupRows.map((g) => [g.code, g.id])),
  };
}

/**
 * The rows' conflicts with the database. In `create` mode an existing username is a bad row; in
 * `upsert` mode it names the user the row updates, and an e-mail or phone is taken only when it
 * belongs to someone else.
 */
export function conflictsOf(rows: ImportRow[], found: ImportLookups, mode: UserImportMode): UserImportRowError[] {
  const errors: UserImportRowError[] = [];
  for (const row of rows) {
    const fail = (field: string, reason: string) => errors.push({ row: row.row, field, reason });
    const existing = row.username ? found.usersByUsername.get(row.username.toLowerCase()) : undefined;
    if (existing && mode === 'create') fail('username', `username "${row.username}" is already taken`);
    const emailOwner = row.email ? found.usersByEmail.get(row.email.toLowerCase()) : undefined;
    if (emailOwner && emailOwner.id !== existing?.id) fail('email', `email "${row.email}" is already taken by user ${emailOwner.username}`);
    const phoneOwner = row.phone ? found.usersByPhone.get(row.phone) : undefined;
    if (phoneOwner && phoneOwner.id !== existing?.id) fail('phone', `phone "${row.phone}" is already taken by user ${phoneOwner.username}`);
    for (const code of row.positionCodes) if (!found.positionIds.has(code)) fail('position codes', `unknown position code "${code}"`);
    for (const code of row.groupCodes) if (!found.groupIds.has(code)) fail('group codes', `unknown group code "${code}"`);
  }
  return errors;
}
