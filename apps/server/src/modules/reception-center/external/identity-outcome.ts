import type { AuditActor } from '../../../platform/audit.ts';
import type { ExternalIdentity, PermissionApi, UserRow } from '../../permission/index.ts';
import type { ProviderForSignIn, SystemConfigApi } from '../../system-config/index.ts';
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
 * email is verified and automatic linking is on, the account with that email, linked now if
 * automatic linking may reach it (permission decides: no administrator, nobody the provider's last
 * editor or autoLink's enabler could not act on). Refused there, its owner signs in with the
 * password once to bind it (a bind ticket), as Keycloak's "confirm link": never a second account
 * for the same person, never a session as them. Else a new account when the settings allow it;
 * else a bind ticket.
 */
export async function outcomeFor(
  deps: { permission: PermissionApi; systemConfig: SystemConfigApi },
  actor: AuditActor,
  provider: Pick<ProviderForSignIn, 'id' | 'lastEditedBy'>,
  vouched: VouchedIdentity,
): Promise<IdentityOutcome> {
  const accounts = deps.permission.externalIdentities;
  const linked = await accounts.userOf(provider.id, vouched.subject);
  if (linked) return { kind: 'user', user: linked };
  const identity = identityAt(provider.id, vouched);
  const options = await deps.systemConfig.identityProviders.options();
  const verifiedEmail = vouched.emailVerified ? vouched.email : null;
  if (options.autoLink && verifiedEmail) {
    const vouchers = { providerEditor: provider.lastEditedBy, autoLinkEnabler: options.autoLinkBy };
    const linking = await accounts.linkByEmail(actor, { email: verifiedEmail, identity, vouchers });
    if (linking.kind === 'linked') return { kind: 'user', user: linking.user };
    if (linking.kind === 'taken') return { kind: 'refused' };
    if (linking.kind === 'refused') return { kind: 'bind', identity };
  }
  if (options.createAccounts) {
    const claims = { preferredUsername: vouched.preferredUsername, name: vouched.name, verifiedEmail };
    return { kind: 'user', user: await accounts.createAccount(actor, identity, claims) };
  }
  return { kind: 'bind', identity };
}
