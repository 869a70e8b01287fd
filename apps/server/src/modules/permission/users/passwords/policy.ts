import type { SafeSettings } from '@portal/contracts';
import { hashPassword } from '../../../../platform/crypto.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { AppError } from '../../../../platform/errors.ts';
import { isCommonPassword } from './common-passwords.ts';
import { rememberPassword, usedBefore } from './history.ts';
import { brokenRule, type BrokenRule } from './rules.ts';

/** A password offered for an account: the user it is for (none yet when the account is being created). */
export interface PasswordCandidate {
  password: string;
  username: string;
  userId?: string | undefined;
}

/** A password that passed the policy, hashed, ready to be stored inside the caller's transaction. */
export interface AcceptedPassword {
  /** The users columns of the new password; `expired` when the user must replace it at the next sign-in. */
  columns(expired: boolean): { passwordHash: string; passwordExpired: boolean; passwordChangedAt: Date };
  /** Remembers it for the history rule, in the transaction that stores it. */
  remember(tx: Db, userId: string): Promise<void>;
}

const DAY_MS = 24 * 3600 * 1000;

/** Every form puts the refusal beside its `password` field (the web's showFieldError). */
const refusal = (broken: BrokenRule) =>
  new AppError('PASSWORD_POLICY', broken.message, { field: 'password', rule: broken.rule, ...broken.figures });

/**
 * The password policy of the safe settings (read at each use, so a change is in force at the next
 * request), the one way every path that sets a password checks and stores it: an administrator's
 * create, reset and import, one's own change, the change of an expired password, recovery,
 * registration and accepting an invitation.
 */
export function createPasswordPolicy(db: Db, safe: () => Promise<SafeSettings>) {
  /**
   * The first rule the password breaks, or undefined; the history only when the user exists, read
   * through `reader` (the caller's transaction, when it holds one: the embedded database has one connection).
   */
  async function check(candidate: PasswordCandidate, reader: Db = db): Promise<BrokenRule | undefined> {
    const policy = (await safe()).password;
    const broken = brokenRule(candidate.password, candidate.username, policy);
    if (broken) return broken;
    if (policy.rejectCommon && (await isCommonPassword(candidate.password))) {
      return { rule: 'common', message: 'The password is too common: choose one that is not on lists of often-used passwords' };
    }
    if (candidate.userId && (await usedBefore(reader, candidate.userId, candidate.password, policy.historyCount))) {
      const message = `The password must differ from the last ${policy.historyCount} password(s) of the account`;
      return { rule: 'history', message, figures: { count: policy.historyCount } };
    }
    return undefined;
  }

  /** A 400 PASSWORD_POLICY naming the rule (`details.rule`) when the password breaks one. */
  async function assertAllowed(candidate: PasswordCandidate, reader: Db = db): Promise<void> {
    const broken = await check(candidate, reader);
    if (broken) throw refusal(broken);
  }

  /** Checks the password, then pays for its hash. */
  async function accept(candidate: PasswordCandidate, reader: Db = db): Promise<AcceptedPassword> {
    await assertAllowed(candidate, reader);
    const passwordHash = await hashPassword(candidate.password);
    const keep = (await safe()).password.historyCount;
    return {
      columns: (expired) => ({ passwordHash, passwordExpired: expired, passwordChangedAt: new Date() }),
      remember: (tx, userId) => rememberPassword(tx, userId, passwordHash, keep),
    };
  }

  /** Whether sign-in must ask for a new password: set by an administrator (or imported), or older than `expiryDays`. */
  async function isExpired(user: { passwordExpired: boolean; passwordChangedAt: Date }): Promise<boolean> {
    if (user.passwordExpired) return true;
    const { expiryDays } = (await safe()).password;
    return expiryDays > 0 && user.passwordChangedAt.getTime() + expiryDays * DAY_MS <= Date.now();
  }

  return { check, assertAllowed, accept, isExpired };
}

export type PasswordPolicyService = ReturnType<typeof createPasswordPolicy>;
