import { eq } from 'drizzle-orm';
import type { AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { AppError, notFound } from '../../../../platform/errors.ts';
import { users } from '../../tables.ts';
import { actingOn } from '../../access/containment/change.ts';
import type { PermissionDecider } from '../../access/decider.ts';
import type { UserDirectory, UserRow } from '../directory.ts';
import type { SignInPorts, SignInSessions } from '../../ports.ts';
import type { PasswordPolicyService } from '../passwords/policy.ts';

/** What the user-administration use-cases are given. */
export interface UserAdminDeps {
  db: Db;
  decider: PermissionDecider;
  directory: UserDirectory;
  /** Tells every instance to refuse the access tokens of these refresh-token families (after the commit). */
  revokeFamilies(familyIds: string[]): Promise<void>;
  /** Ends a user's sessions inside the caller's transaction (reception-center's api). */
  sessions: SignInSessions;
  /** Forgets the sign-in failures that locked an account (reception-center's api). */
  clearFailures: SignInPorts['clearFailures'];
  /** The password policy an administrator's passwords pass like everyone's. */
  passwords: PasswordPolicyService;
}

/** Who asks: their id for the safety rules, and how the audit log names them. */
export interface Caller {
  userId: string;
  actor: AuditActor;
}

/**
 * The user row, locked for the rest of the transaction, or a 404. The transaction acts on the user,
 * so the containment check requires the caller to hold all the user holds, whatever it changes.
 */
export async function lockUser(tx: Db, userId: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound('The user');
  await actingOn(tx, userId);
  return row;
}

/** Nobody disables or deletes their own account: they would lock themselves out mid-session. */
export function assertNotSelf(caller: Caller, userId: string, action: string): void {
  if (caller.userId === userId) throw new AppError('CONFLICT', `You cannot ${action} your own account`);
}
