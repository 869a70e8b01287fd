import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import { randomToken } from '../../../../platform/crypto.ts';
import { asSystem } from '../../../../platform/db/actor.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { users } from '../../tables.ts';
import type { UserRow } from '../directory.ts';
import { isTaken, mapUniqueViolation } from '../self-service/account-rules.ts';
import { insertLink, type ExternalIdentity } from './links.ts';

const USERNAME = /^[A-Za-z0-9_.@-]{3,64}$/;

/** What a provider says of a new account's owner, beyond the identity itself. */
export interface ProfileClaims {
  preferredUsername: string | null;
  name: string | null;
  /**
   * A verified address, for the username only. It is not kept on the account: an email is what
   * automatic linking and password recovery find an account by, and the provider's word for it would
   * let another provider's identity, or a reset mail, land in this account later. Its owner adds one
   * in the personal centre like everyone.
   */
  verifiedEmail: string | null;
}

/** The provider's username if it is a valid and free one, else one made from the provider and a random part. */
async function freeUsername(tx: Db, identity: ExternalIdentity, claims: ProfileClaims): Promise<string> {
  const wanted = [claims.preferredUsername, claims.verifiedEmail?.split('@')[0]].filter(
    (name): name is string => !!name && USERNAME.test(name),
  );
  for (const name of wanted) if (!(await isTaken(tx, 'username', name))) return name;
  return `${identity.providerId}-${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`.slice(0, 64);
}

/**
 * An account for an identity no account holds, when the `third` settings allow it: no password (its
 * way in is the link), linked in the same transaction. The system's own change, like registration.
 */
export async function createLinkedAccount(db: Db, actor: AuditActor, identity: ExternalIdentity, claims: ProfileClaims): Promise<UserRow> {
  return mapUniqueViolation(() =>
    asSystem(db, async (tx) => {
      const username = await freeUsername(tx, identity, claims);
      // Nothing beyond a new account's defaults: no password, email, phone, organisation nor role.
      const [user] = await tx
        .insert(users)
        .values({ username, name: (claims.name ?? username).trim().slice(0, 100) || username, passwordHash: null })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await insertLink(tx, user.id, identity);
      await recordAudit(tx, actor, {
        action: 'users.third.register',
        targetType: 'user',
        targetId: user.id,
        after: { username, providerId: identity.providerId, subject: identity.subject },
      });
      return user;
    }),
  );
}
