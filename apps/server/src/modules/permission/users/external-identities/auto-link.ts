import { eq, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { transaction } from '../../../../platform/db/transaction.ts';
import { AppError } from '../../../../platform/errors.ts';
import { beyondReach, holdsAdministration } from '../../access/containment/reach.ts';
import { changeAs } from '../../access/containment/change.ts';
import { userExternalIdentities as links, users } from '../../tables.ts';
import { lockUser } from '../admin/context.ts';
import type { UserRow } from '../directory.ts';
import { insertLink, type ExternalIdentity } from './links.ts';

/**
 * Who vouches for a provider's automatic linking: whoever saved the provider last and whoever last
 * turned automatic linking on. Each is a way to let an outside party into an account, so each must
 * be someone who could act on it (null: nobody, and nothing is linked).
 */
export interface AutoLinkVouchers {
  providerEditor: string | null;
  autoLinkEnabler: string | null;
}

/** Why an account was not linked automatically: its owner binds the identity with their password instead. */
export type AutoLinkRefusal = 'administrator' | 'beyond_reach';

export type AutoLinkOutcome =
  | { kind: 'linked'; user: UserRow }
  /** No active account has that email. */
  | { kind: 'no_account' }
  | { kind: 'refused'; reason: AutoLinkRefusal }
  /** The identity is held by another account, or the account has one at that provider already. */
  | { kind: 'taken' };

const REFUSED = 'users.third.auto-link.refused';

/** The one account whose email this is (compared without case), when there is exactly one. */
export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

/** Why this account may not be linked automatically, or null when it may: read inside the linking transaction. */
async function refusal(tx: Db, userId: string, vouchers: AutoLinkVouchers): Promise<AutoLinkRefusal | null> {
  // An administrator's account is never opened by a provider's say-so: they sign in and bind it themselves.
  if (await holdsAdministration(tx, userId)) return 'administrator';
  for (const voucher of [vouchers.providerEditor, vouchers.autoLinkEnabler]) {
    if (voucher === null || (await beyondReach(tx, voucher, [userId])).length > 0) return 'beyond_reach';
  }
  return null;
}

/**
 * Links a provider's identity to the account with the email it vouches for as verified (the caller
 * checked it is), when automatic linking may reach that account: it holds no administration point,
 * and both vouchers could act on it under the containment rule. Checked and linked in one
 * transaction, the account's row locked; a refusal links nothing and is audited.
 */
export async function linkByEmail(
  db: Db,
  actor: AuditActor,
  input: { email: string; identity: ExternalIdentity; vouchers: AutoLinkVouchers },
): Promise<AutoLinkOutcome> {
  const owner = await userByEmail(db, input.email);
  if (!owner?.actived) return { kind: 'no_account' };
  const { identity } = input;
  const audited = { providerId: identity.providerId, subject: identity.subject, ...input.vouchers };
  let outcome: AutoLinkOutcome;
  try {
    outcome = await changeAs(db, { actorId: owner.id }, async (tx) => {
      const user = await lockUser(tx, owner.id);
      const reason = await refusal(tx, user.id, input.vouchers);
      if (reason) return { kind: 'refused', reason } as const;
      await insertLink(tx, user.id, identity);
      await recordAudit(tx, actor, {
        action: 'users.third.link',
        targetType: 'user',
        targetId: user.id,
        after: { ...audited, automatic: true },
      });
      return { kind: 'linked', user } as const;
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return { kind: 'taken' };
    throw error;
  }
  if (outcome.kind === 'refused') {
    await recordAudit(db, actor, {
      action: REFUSED,
      targetType: 'user',
      targetId: owner.id,
      after: { ...audited, reason: outcome.reason },
    });
  }
  return outcome;
}

/** How many of the accounts linked at a provider the actor could not act on (who may change whom the provider vouches for). */
export async function linkedBeyondReach(db: Db, actorId: string, providerId: string): Promise<number> {
  return transaction(db, async (tx) => {
    const linked = await tx.select({ userId: links.userId }).from(links).where(eq(links.providerId, providerId));
    const beyond = await beyondReach(
      tx,
      actorId,
      linked.map((row) => row.userId),
    );
    return beyond.length;
  });
}
