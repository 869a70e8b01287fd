import { eq, sql } from 'drizzle-orm';
import type { Member } from '@portal/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { users } from '../tables.ts';
import type { EventBus } from '../../../platform/events.ts';

export const USER_CHANGED_TOPIC = 'user.changed';
const CACHE_LIMIT = 50_000;

export type UserRow = typeof users.$inferSelect;

export const toMember = (user: UserRow): Member => ({
  id: user.id,
  username: user.username,
  name: user.name,
  email: user.email,
  phone: user.phone,
  avatar: user.avatar,
  passwordExpired: user.passwordExpired,
});

/** OpenID Connect standard claims of a user. */
export function standardClaims(user: UserRow): Record<string, unknown> {
  const claims: Record<string, unknown> = { name: user.name, preferred_username: user.username };
  if (user.email) claims.email = user.email;
  if (user.phone) claims.phone_number = user.phone;
  if (user.avatar) claims.picture = user.avatar;
  return claims;
}

/**
 * Users read by id, remembered until a change is announced on the event bus (by any instance),
 * so the signed-in user's record costs no query on the hot path.
 */
export function createUserDirectory(db: Db, events: EventBus) {
  const cache = new Map<string, UserRow>();
  const unsubscribe = events.subscribe(USER_CHANGED_TOPIC, (userId) => cache.delete(userId));

  async function byId(userId: string): Promise<UserRow | undefined> {
    const cached = cache.get(userId);
    if (cached) return cached;
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (row) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(userId, row);
    }
    return row;
  }

  /** The row as stored now, past the cache (a sign-in step that must see a lock or a disabling at once). */
  async function byIdNow(userId: string): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
  }

  async function byUsername(username: string): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(eq(users.username, username)).limit(1))[0];
  }

  /**
   * The one user whose phone number is this one, spaces and dashes aside (`phone` as given, already
   * stripped of them); none when no user, or more than one, has it.
   */
  async function byPhone(phone: string): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(eq(sql`regexp_replace(${users.phone}, '[ -]', '', 'g')`, phone))
      .limit(2);
    return rows.length === 1 ? rows[0] : undefined;
  }

  return { byId, byIdNow, byUsername, byPhone, close: unsubscribe };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
