import type { CreatedAccount } from '@portal/contracts';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { users } from '../../tables.ts';
import { assertFree, mapUniqueViolation, normaliseEmail, normalisePhone } from './account-rules.ts';
import { asSystem, declareActor } from '../../../../platform/db/actor.ts';
import { enforceContainment } from '../../access/containment/check.ts';
import type { AcceptedPassword, PasswordPolicyService } from '../passwords/policy.ts';

/** Where accounts are written, and the policy their passwords must pass. */
export interface OwnAccountDeps {
  db: Db;
  passwords: PasswordPolicyService;
}

/** What a person types to make their own account. */
export interface OwnCredentials {
  username: string;
  name: string;
  password: string;
}

/** Where the new account goes, settled inside the creating transaction. */
export interface Placement {
  email: string;
  phone?: string | null;
  orgId: string | null;
  /** Who invited the account's owner: the account may then hold only what the inviter holds. */
  invitedBy?: string | null;
}

type InsertedAccount = CreatedAccount & { email: string; phone: string | null; orgId: string | null };

export interface OwnAccountSteps {
  /** The audit action naming how the account came to be. */
  action: string;
  /** Runs first inside the transaction: may lock and update rows of its own, then says where the account goes. */
  place: (tx: Db) => Promise<Placement>;
  /** Audit `after` fields beyond username, name and email. */
  audited: (account: InsertedAccount) => Record<string, unknown>;
}

/**
 * Creates an account whose owner chose the password (so it is not expired): the policy check and the
 * slow hash come before the transaction; inside it, `steps.place`, the insert and the audit entry.
 * A taken username, email or phone is a 409 naming the field, also when a concurrent writer won the race.
 */
export async function createOwnAccount(
  deps: OwnAccountDeps,
  actor: AuditActor,
  credentials: OwnCredentials,
  steps: OwnAccountSteps,
): Promise<CreatedAccount> {
  const { db } = deps;
  const password = await deps.passwords.accept({ password: credentials.password, username: credentials.username });
  return mapUniqueViolation(() =>
    // Self-registration is the system's own change (where a new account goes is the administrators'
    // setting); an invitation answers to its inviter, who cannot place anyone above themselves.
    asSystem(db, async (tx) => {
      const { invitedBy, ...placement } = await steps.place(tx);
      if (invitedBy) await declareActor(tx, { userId: invitedBy });
      const account = await insertAccount(tx, { username: credentials.username, name: credentials.name, ...placement, password });
      await password.remember(tx, account.id);
      await recordAudit(tx, actor, {
        action: steps.action,
        targetType: 'user',
        targetId: account.id,
        after: { username: account.username, name: credentials.name.trim(), email: account.email, ...steps.audited(account) },
      });
      if (invitedBy) await enforceContainment(tx, invitedBy);
      return { id: account.id, username: account.username };
    }),
  );
}

async function insertAccount(
  tx: Db,
  account: Placement & { username: string; name: string; password: AcceptedPassword },
): Promise<InsertedAccount> {
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
      ...account.password.columns(false),
      orgId: account.orgId,
    })
    .returning({ id: users.id, username: users.username });
  if (!row) throw new Error('user insert returned nothing');
  return { ...row, email, phone, orgId: account.orgId };
}
