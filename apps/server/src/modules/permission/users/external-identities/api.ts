import type { AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import type { UserRow } from '../directory.ts';
import { linkByEmail, linkedBeyondReach, type AutoLinkOutcome, type AutoLinkVouchers } from './auto-link.ts';
import { linkAsUser } from './bindings.ts';
import { linkedAccountCount, userOfIdentity, type ExternalIdentity } from './links.ts';
import { createLinkedAccount, type ProfileClaims } from './new-account.ts';

export type { AutoLinkOutcome, AutoLinkRefusal, AutoLinkVouchers } from './auto-link.ts';
export type { ExternalIdentity } from './links.ts';
export type { ProfileClaims } from './new-account.ts';

/** Accounts at external identity providers, as the sign-in flows (reception-center) and the settings (system-config) use them. */
export interface ExternalIdentitiesApi {
  /** The user holding this identity. */
  userOf(providerId: string, subject: string): Promise<UserRow | undefined>;
  /** Links the identity to the user, as that user (409 with `reason: already_bound` when taken). */
  link(actor: AuditActor, userId: string, identity: ExternalIdentity): Promise<void>;
  /**
   * Automatic linking: the identity goes to the active account with this (provider-verified) email
   * only when that account holds no administration point and both vouchers could act on it under the
   * containment rule; a refusal links nothing and is audited (`users.third.auto-link.refused`).
   */
  linkByEmail(
    actor: AuditActor,
    input: { email: string; identity: ExternalIdentity; vouchers: AutoLinkVouchers },
  ): Promise<AutoLinkOutcome>;
  /** A new account without a password, linked to the identity: no roles, no organisation, no email. */
  createAccount(actor: AuditActor, identity: ExternalIdentity, claims: ProfileClaims): Promise<UserRow>;
  /** How many accounts are linked at a provider. */
  linkedAccounts(providerId: string): Promise<number>;
  /** How many of them the actor could not act on under the containment rule (an inactive or unknown actor: all). */
  linkedBeyondReach(actorId: string, providerId: string): Promise<number>;
}

export function createExternalIdentitiesApi(db: Db): ExternalIdentitiesApi {
  return {
    userOf: (providerId, subject) => userOfIdentity(db, providerId, subject),
    link: (actor, userId, identity) => linkAsUser(db, actor, userId, identity),
    linkByEmail: (actor, input) => linkByEmail(db, actor, input),
    createAccount: (actor, identity, claims) => createLinkedAccount(db, actor, identity, claims),
    linkedAccounts: (providerId) => linkedAccountCount(db, providerId),
    linkedBeyondReach: (actorId, providerId) => linkedBeyondReach(db, actorId, providerId),
  };
}
