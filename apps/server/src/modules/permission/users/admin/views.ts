import type { User } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { organizations, users } from '../../tables.ts';
import type { UserRow } from '../directory.ts';
import { accountLockedNow } from '../../../reception-center/references.ts';

/** The columns of a User answer: never the password hash nor the signature image. */
export const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  avatar: users.avatar,
  actived: users.actived,
  locked: accountLockedNow(sql`"users"."username"`),
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
