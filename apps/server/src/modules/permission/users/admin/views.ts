import type { User } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { organizations, users } from '../../tables.ts';
import type { UserRow } from '../directory.ts';

/**
 * Locked out by sign-in failures right now. The counter's key is `user:<lower-case username>`
 * (reception-center/sign-in/failures.ts). A scalar subquery rather than EXISTS: the planner cannot
 * turn it into a hashed scan of the whole counter table, so it stays one primary-key look-up per
 * row of the page. The column is qualified by hand: in a one-table select the ORM writes bare column
 * names, which inside a subquery could name the subquery's own columns.
 */
const lockedColumn = sql<boolean>`coalesce((select f.locked_until > now() from sign_in_failures f
  where f.key = 'user:' || lower("users"."username")), false)`;

/** The columns of a User answer: never the password hash nor the signature image. */
export const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  avatar: users.avatar,
  actived: users.actived,
  locked: lockedColumn,
  orgId: users.orgId,
  orgName: organizations.name,
  description: users.description,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type UserListRow = Omit<User, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export const toUser = (row: UserListRow): User => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit log keeps of a user: the record without its secrets or its (large) signature image. */
export function auditView(row: UserRow) {
  const { passwordHash: _hash, signature, ...rest } = row;
  return { ...rest, hasSignature: signature !== null };
}
