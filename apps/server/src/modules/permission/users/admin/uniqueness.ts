import { and, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import { AppError } from '../../../../platform/errors.ts';
import { users } from '../../tables.ts';

export interface UniqueFields {
  username?: string;
  email?: string | null;
  phone?: string | null;
}

/**
 * Username and e-mail are unique regardless of case: the sign-in failure counter keys accounts by
 * their lower-case username, and 'Bob@x.io' and 'bob@x.io' reach the same mailbox. Phone numbers are
 * compared as written.
 */
export async function assertUnique(db: Db, fields: UniqueFields, exceptUserId?: string): Promise<void> {
  const checks: [keyof UniqueFields, SQL][] = [];
  if (fields.username) checks.push(['username', sql`lower(${users.username}) = ${fields.username.toLowerCase()}`]);
  if (fields.email) checks.push(['email', sql`lower(${users.email}) = ${fields.email.toLowerCase()}`]);
  if (fields.phone) checks.push(['phone', sql`${users.phone} = ${fields.phone}`]);
  if (checks.length === 0) return;
  const taken = await db
    .select({ username: users.username, email: users.email, phone: users.phone })
    .from(users)
    .where(and(or(...checks.map(([, condition]) => condition)), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(3);
  for (const [field] of checks) {
    const wanted = String(fields[field]).toLowerCase();
    const clash = taken.some((row) => (field === 'phone' ? row.phone === fields.phone : row[field]?.toLowerCase() === wanted));
    if (clash) throw new AppError('CONFLICT', `A user with this ${field} already exists`, { field });
  }
}
