import { sql } from 'drizzle-orm';
import type { AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { users } from '../../tables.ts';
import type { UserRow } from '../directory.ts';
import { linkAsUser } from './bindings.ts';
import { linkedAccountCount, userOfIdentity, type ExternalIdentity } from './links.ts';
import { createLinkedAccount, type ProfileClaims } from './new-account.ts';

export type { ExternalIdentity } from './links.ts';
export type { ProfileClaims } from './new-account.ts';

/** Accounts at external identity providers, as the sign-in flows (reception-center) and the settings (system-config) use them. */
export interface ExternalIdentitiesApi {
  /** The user holding this identity. */
  userOf(providerId: string, subject: string): Promise<UserRow | undefined>;
  /** The one user with this email (compared without case); undefined when none. */
  userByEmail(email: string): Promise<UserRow | undefined>;
  /** Links the identity to the user, as that user (409 with `reason: already_bound` when taken). */
  link(actor: AuditActor, userId: string, identity: ExternalIdentity): Promise<void>;
  /** A new account without a password, linked to the identity. */
  createAccount(actor: AuditActor, identity: ExternalIdentity, claims: ProfileClaims): Promise<UserRow>;
  /** How many accounts are linked at a provider. */
  linkedAccounts(providerId: string): Promise<number>;
}

export function createExternalIdentitiesApi(db: Db): ExternalIdentitiesApi {
  return {
    userOf: (providerId, subject) => userOfIdentity(db, providerId, subject),
    async userByEmail(email) {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(2);
      return rows.length === 1 ? rows[0] : undefined;
    },
    link: (actor, userId, identity) => linkAsUser(db, actor, userId, identity),
    createAccount: (actor, identity, claims) => createLinkedAccount(db, actor, identity, claims),
    linkedAccounts: (providerId) => linkedAccountCount(db, providerId),
  };
}
