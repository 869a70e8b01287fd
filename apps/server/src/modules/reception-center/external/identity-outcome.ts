import type { AuditActor } from '../../../platform/audit.ts';
import type { ExternalIdentity, PermissionApi, UserRow } from '../../permission/index.ts';
import type { SystemConfigApi } from '../../system-config/index.ts';
import { linkAsOwner } from './link-as-owner.ts';
import type { VouchedIdentity } from './relying-party.ts';

/** What becomes of an identity a provider vouched for at sign-in. */
export type IdentityOutcome = { kind: 'user'; user: UserRow } | { kind: 'bind'; identity: ExternalIdentity } | { kind: 'refused' };

export const identityAt = (providerId: string, vouched: VouchedIdentity): ExternalIdentity => ({
  providerId,
  subject: vouched.subject,
  email: vouched.email,
  nickname: vouched.name ?? vouched.preferredUsername,
});

/**
 * The account an identity signs in to: the one it is linked to; else, when the provider says the
 * email is verified and automatic linking is on, the account with that email (linked now); else a
 * new account when the settings allow it; else nobody yet: its owner signs in with a password once
 * to link it (a bind ticket).
 */
export async function outcomeFor(
  deps: { permission: PermissionApi; systemConfig: SystemConfigApi },
  actor: AuditActor,
  providerId: string,
  vouched: VouchedIdentity,
): Promise<IdentityOutcome> {
  const accounts = deps.permission.externalIdentities;
  const linked = await accounts.userOf(providerId, vouched.subject);
  if (linked) return { kind: 'user', user: linked };
  const identity = identityAt(providerId, vouched);
  const options = await deps.systemConfig.identityProviders.options();
  const verifiedEmail = vouched.emailVerified ? vouched.email : null;
  if (options.autoLink && verifiedEmail) {
    const owner = await accounts.userByEmail(verifiedEmail);
    if (owner?.actived) {
      return (await linkAsOwner(accounts, actor, owner.id, identity)) ? { kind: 'user', user: owner } : { kind: 'refused' };
    }
  }
  if (options.createAccounts) {
    const claims = { preferredUsername: vouched.preferredUsername, name: vouched.name, verifiedEmail };
    return { kind: 'user', user: await accounts.createAccount(actor, identity, claims) };
  }
  return { kind: 'bind', identity };
}
