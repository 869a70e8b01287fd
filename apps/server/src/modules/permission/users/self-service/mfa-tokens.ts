import type { MFA_METHODS, MfaPurpose, MfaToken } from '@portal/contracts';
import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import { randomToken, sha256, verifyPassword } from '../../../../platform/crypto.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { mfaTokens } from '../../tables.ts';
import { badRequest } from '../../../../platform/errors.ts';
import type { UserRow } from '../directory.ts';
import type { Authenticators } from './totp/authenticators.ts';

export const MFA_TOKEN_TTL_SECONDS = 300;

export type MfaMethod = (typeof MFA_METHODS)[number];
export interface MfaProof {
  password?: string | undefined;
  code?: string | undefined;
}
/** What the verifiers check against besides the user row. */
export interface MfaVerifierDeps {
  totp: Pick<Authenticators, 'verify'>;
}

/** One verifier per way of proving it is you: the password, or a code of the enrolled authenticator app. */
const verifiers: Record<MfaMethod, (user: UserRow, proof: MfaProof, deps: MfaVerifierDeps) => Promise<boolean>> = {
  password: async (user, proof) => proof.password !== undefined && verifyPassword(user.passwordHash, proof.password),
  totp: async (user, proof, deps) => proof.code !== undefined && deps.totp.verify(user.id, proof.code),
};

export const verifyMfaProof = (method: MfaMethod, user: UserRow, proof: MfaProof, deps: MfaVerifierDeps) =>
  verifiers[method](user, proof, deps);

/** A short-lived, single-use token for one purpose; only its hash is stored. */
export async function issueMfaToken(db: Db, actor: AuditActor, input: { userId: string; purpose: MfaPurpose }): Promise<MfaToken> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    // The user's spent and expired tokens are of no further use: drop them as new ones are made.
    await tx
      .delete(mfaTokens)
      .where(and(eq(mfaTokens.userId, input.userId), or(isNotNull(mfaTokens.usedAt), lt(mfaTokens.expiresAt, new Date()))));
    await tx.insert(mfaTokens).values({
      tokenHash: sha256(token),
      userId: input.userId,
      purpose: input.purpose,
      expiresAt: new Date(Date.now() + MFA_TOKEN_TTL_SECONDS * 1000),
    });
    await recordAudit(tx, actor, {
      action: 'users.mfa.issue',
      targetType: 'user',
      targetId: input.userId,
      after: { purpose: input.purpose },
    });
  });
  return { mfa_token: token, expires_in: MFA_TOKEN_TTL_SECONDS };
}

const refused = (why: string) => badRequest(`The mfa_token ${why}: confirm it is you again to get a new one`, { field: 'mfa_token' });

/**
 * Spends the token inside the transaction of the change it authorises, so a change that fails
 * (say, the new email is taken) leaves the token unspent and nothing changed.
 */
export async function consumeMfaToken(tx: Db, input: { token: string; userId: string; purpose: MfaPurpose }): Promise<void> {
  const [row] = await tx
    .select()
    .from(mfaTokens)
    .where(eq(mfaTokens.tokenHash, sha256(input.token)))
    .for('update');
  // Someone else's token reads as unknown: it says nothing about that user.
  if (!row || row.userId !== input.userId) throw refused('is not valid');
  if (row.usedAt) throw refused('has already been used');
  if (row.expiresAt.getTime() <= Date.now()) throw refused('has expired');
  if (row.purpose !== input.purpose) throw refused(`was issued for changing the ${row.purpose}, not the ${input.purpose}`);
  await tx.update(mfaTokens).set({ usedAt: new Date() }).where(eq(mfaTokens.tokenHash, row.tokenHash));
}
