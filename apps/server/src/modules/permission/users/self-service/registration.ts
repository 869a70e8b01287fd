import type { CreatedAccount, RegistrationBody } from '@portal/contracts';
import type { AuditActor } from '../../../../platform/audit.ts';
import { createOwnAccount, type OwnAccountDeps } from './new-account.ts';

/** Self-registration: a user with no organisation and no roles until an administrator gives some. */
export function registerAccount(deps: OwnAccountDeps, actor: AuditActor, input: RegistrationBody): Promise<CreatedAccount> {
  return createOwnAccount(deps, actor, input, {
    action: 'users.register',
    place: async () => ({ email: input.email, phone: input.phone, orgId: null }),
    audited: (account) => ({ phone: account.phone }),
  });
}
