import type { CreatedAccount } from '@portal/contracts';
import type { Db } from '../../../../platform/db/client.ts';
import { users } from '../../../../platform/db/schema.ts';
import { assertFree, normaliseEmail, normalisePhone } from './account-rules.ts';

export interface NewAccount {
  username: string;
  name: string;
  email: string;
  phone?: string | null;
  passwordHash: string;
  orgId: string | null;
}

/**
 * Inserts a user who chose their own password (so it is not expired), inside the caller's
 * transaction; a taken username, email or phone is a 409 naming the field.
 */
export async function insertAccount(tx: Db, account: NewAccount): Promise<CreatedAccount & { email: string; phone: string | null }> {
  const email = normaliseEmail(account.email);
  const phone = account.phone ? normalisePhone(account.phone) : null;
  await assertFree(tx, 'username', account.username);
  await assertFree(tx, 'email', email);
  if (phone) await assertFree(tx, 'phone', phone);
  const [row] = await tx
    .insert(users)
    .values({
      username: account.username,
      name: account.name.trim(),
      email,
      phone,
      passwordHash: account.passwordHash,
      orgId: account.orgId,
    })
    .returning({ id: users.id, username: users.username });
  if (!row) throw new Error('user insert returned nothing');
  return { ...row, email, phone };
}
