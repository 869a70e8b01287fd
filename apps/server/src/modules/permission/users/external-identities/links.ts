import type { ThirdPartyBinding } from '@portal/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import { AppError } from '../../../../platform/errors.ts';
import { userExternalIdentities as links, users } from '../../tables.ts';

export type LinkRow = typeof links.$inferSelect;

/** An identity a provider vouches for: its subject there, and what it says of itself. */
export interface ExternalIdentity {
  providerId: string;
  subject: string;
  email: string | null;
  nickname: string | null;
}

/** Provider ids and their labels (system-config's `third` settings). */
export type ProviderNames = ReadonlyMap<string, string>;

export const toBinding = (row: LinkRow, names: ProviderNames): ThirdPartyBinding => ({
  type: row.providerId,
  providerName: names.get(row.providerId) ?? row.providerId,
  openId: row.subject,
  nickname: row.nickname,
  email: row.email,
  avatar: null,
  boundAt: row.linkedAt.toISOString(),
});

export const linksOf = (db: Db, userId: string): Promise<LinkRow[]> =>
  db.select().from(links).where(eq(links.userId, userId)).orderBy(asc(links.linkedAt), asc(links.providerId));

export async function linkedAccountCount(db: Db, providerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(links).where(eq(links.providerId, providerId));
  return row?.n ?? 0;
}

/** The user holding this identity, if any (disabled users included: the caller decides what that means). */
export async function userOfIdentity(db: Db, providerId: string, subject: string) {
  const [row] = await db
    .select({ user: users })
    .from(links)
    .innerJoin(users, eq(users.id, links.userId))
    .where(and(eq(links.providerId, providerId), eq(links.subject, subject)))
    .limit(1);
  return row?.user;
}

/**
 * Links the identity to the user inside the caller's transaction: a 409 when another account holds
 * it, or the user already has an account at that provider. Answers the new row.
 */
export async function insertLink(tx: Db, userId: string, identity: ExternalIdentity): Promise<LinkRow> {
  const holder = await userOfIdentity(tx, identity.providerId, identity.subject);
  if (holder) {
    throw new AppError('CONFLICT', holder.id === userId ? 'This account is already linked' : 'This account is linked to another user', {
      reason: 'already_bound',
    });
  }
  const [existing] = await tx
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.userId, userId), eq(links.providerId, identity.providerId)));
  if (existing) throw new AppError('CONFLICT', 'The user already has an account linked at this provider', { reason: 'already_bound' });
  const [row] = await tx
    .insert(links)
    .values({ userId, ...identity })
    .onConflictDoNothing()
    .returning();
  // A concurrent link won the race between the checks and the insert.
  if (!row) throw new AppError('CONFLICT', 'This account is already linked', { reason: 'already_bound' });
  return row;
}
