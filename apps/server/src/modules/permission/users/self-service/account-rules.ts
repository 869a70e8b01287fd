import { and, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import { users } from '../../tables.ts';
import { AppError } from '../../../../platform/errors.ts';

export type UniqueField = 'username' | 'email' | 'phone';

/** Phones are compared and stored without spaces and dashes, so "+44 7700" and "+447700" are one number. */
export const normalisePhone = (phone: string): string => phone.replace(/[ -]/g, '');
export const normaliseEmail = (email: string): string => email.trim();

/** Usernames and emails are unique regardless of letter case, so nobody can register a look-alike. */
function sameValue(field: UniqueField, value: string): SQL {
  if (field === 'phone') return sql`regexp_replace(${users.phone}, '[ -]', '', 'g') = ${normalisePhone(value)}`;
  const column = field === 'email' ? users.email : users.username;
  return sql`lower(${column}) = lower(${value})`;
}

/** Whether a user other than `exceptUserId` already holds the value. */
export async function isTaken(db: Db, field: UniqueField, value: string, exceptUserId?: string): Promise<boolean> {
  const condition = exceptUserId ? and(sameValue(field, value), ne(users.id, exceptUserId)) : sameValue(field, value);
  const rows = await db.select({ id: users.id }).from(users).where(condition).limit(1);
  return rows.length > 0;
}

export const conflict = (field: UniqueField) => new AppError('CONFLICT', `This ${field} is already in use by another account`, { field });

export async function assertFree(db: Db, field: UniqueField, value: string, exceptUserId?: string): Promise<void> {
  if (await isTaken(db, field, value, exceptUserId)) throw conflict(field);
}

/** The field of a unique violation on users (a concurrent writer won the race), else undefined. */
function violatedField(error: unknown): UniqueField | undefined {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return /^users_(username|email|phone)_unique$/.exec(String(constraint ?? ''))?.[1] as UniqueField | undefined;
  }
  return undefined;
}

/** Runs a write, turning a unique violation on users into a 409 naming the field. */
export async function mapUniqueViolation<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = violatedField(error);
    if (field) throw conflict(field);
    throw error;
  }
}
