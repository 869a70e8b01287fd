import type { CreatedAccount, RegistrationBody } from '@portal/contracts';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import { hashPassword } from '../../../../platform/crypto.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { assertPasswordPolicy, mapUniqueViolation } from './account-rules.ts';
import { insertAccount } from './new-account.ts';

/** Self-registration: a user with no organisation and no roles until an administrator gives some. */
export async function registerAccount(db: Db, actor: AuditActor, input: RegistrationBody): Promise<CreatedAccount> {
  assertPasswordPolicy(input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  return mapUniqueViolation(() =>
    db.transaction(async (tx) => {
      const user = await insertAccount(tx, { ...input, passwordHash, orgId: null });
      await recordAudit(tx, actor, {
        action: 'users.register',
        targetType: 'user',
        targetId: user.id,
        after: { username: user.username, name: input.name.trim(), email: user.email, phone: user.phone },
      });
      return { id: user.id, username: user.username };
    }),
  );
}
