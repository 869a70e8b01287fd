import type { IconInUse, Member } from '@portal/contracts';
import type { SQL } from 'drizzle-orm';
import type { AuditActor } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AppError } from '../../platform/errors.ts';
import type { ConsentFacts } from './applications/consent-facts.ts';
import type { MicroOrigins } from './applications/micro-origins.ts';
import type { NamedTarget, RecipientIds } from './recipients/reached.ts';
import type { UserDirectory, UserRow } from './users/directory.ts';
import type { ExternalIdentitiesApi } from './users/external-identities/api.ts';
import type { Authenticators } from './users/self-service/totp/authenticators.ts';
import type { AcceptedPassword, PasswordPolicyService } from './users/passwords/policy.ts';

/** An external API another application may call now, and until when (null: no end). */
export interface CallableApi {
  id: string;
  method: string;
  path: string;
  expiresAt: string | null;
}

/** People as other modules address them: by id, group, role or organisation. */
export interface PeopleApi {
  /** A 400 naming every id that does not exist. */
  assertExist(db: Db, ids: RecipientIds): Promise<void>;
  /** A subquery (`user_id`) of the active users the ids reach, each once. */
  reachedUserIds(ids: RecipientIds): SQL;
  /** A subquery (`user_id, name, email, phone`) of the active users the ids reach, each once. */
  reachedContacts(ids: RecipientIds): SQL;
  /** Each object named, with its name and how many active users it reaches. */
  namedTargets(db: Db, ids: RecipientIds): Promise<NamedTarget[]>;
  /** A scalar subquery naming the user whose id the expression holds. */
  userNameOf(userId: SQL | { getSQL(): SQL }): SQL<string | null>;
  /** A subquery (`group_id`) of the groups the user is a member of. */
  groupIdsOf(userId: string): SQL;
}

/** What permission offers the other modules: identity (users, passwords, TOTP), decisions, people. */
export interface PermissionApi {
  directory: UserDirectory;
  /** Whether the user holds an element listing this `METHOD:/path` (the access guard). */
  isAllowed(userId: string, permission: string): Promise<boolean>;
  /** Whether the user holds this menu resource (a page or button point), or a node above it. */
  holdsResource(userId: string, resource: string): Promise<boolean>;
  /** The origins of enabled MicroWeb applications (the CSP's script sources). */
  microOrigins: MicroOrigins;
  totp: Authenticators;
  /** The 400 of a wrong or replayed authentication code. */
  wrongCode(): AppError;
  /** OpenID standard claims of a user (ID token, userinfo). */
  standardClaims(user: UserRow): Record<string, unknown>;
  /** The member/who answer. */
  toMember(user: UserRow): Member;
  /**
   * The password policy of the safe settings: `accept` refuses a password breaking a rule
   * (PASSWORD_POLICY naming it in `details.rule`) and hashes it; `isExpired` tells whether sign-in
   * must ask for a new one (set by an administrator, or older than the policy's `expiryDays`).
   */
  passwords: Pick<PasswordPolicyService, 'accept' | 'isExpired'>;
  /**
   * Replaces a user's password (accepted by `passwords.accept`) as the user, with its audit entry,
   * signing out every session; answers the refresh-token families whose access tokens must be refused.
   */
  replacePassword(actor: AuditActor, user: UserRow, password: AcceptedPassword): Promise<string[]>;
  /** Whether the safe settings' `mfaRequired` asks this user for an authenticator app (administrators: see ADMINISTRATION_SECTIONS). */
  mfaRequiredFor(userId: string): Promise<boolean>;
  people: PeopleApi;
  /**
   * Runs `change` in one transaction acting on the user, under user administration's containment
   * check (access/containment): refused with 403 when the user holds anything the actor does not
   * (a super-administrator, above all), 404 when there is no such user. For what another module
   * keeps of a user's (oss access keys) and lets an administrator manage.
   */
  administerUser<T>(actorId: string, userId: string, change: (tx: Db) => Promise<T>): Promise<T>;
  /** Accounts at external identity providers (the `third` settings): sign-in through them, linking. */
  externalIdentities: ExternalIdentitiesApi;
  /**
   * The caller application's authorisations, in force right now (expiry checked by the database as it
   * answers), to call the owner application's external APIs ("apis authorization").
   */
  callableApis(callerApplicationId: string, ownerApplicationId: string): Promise<CallableApi[]>;
  /** Whether the application exists and is enabled (the OAuth server's client lookup and token checks; answered from memory). */
  applicationEnabled(applicationId: string): Promise<boolean>;
  /** The applications among these ids, with their name and first-party flag (the reception-center's consent screen). */
  consentFacts(ids: readonly string[]): Promise<ConsentFacts[]>;
  /** The icons among these names that a menu node shows (icon or page icon), with those nodes (system-config's icon manager). */
  menuIconsInUse(names: readonly string[]): Promise<IconInUse[]>;
}
