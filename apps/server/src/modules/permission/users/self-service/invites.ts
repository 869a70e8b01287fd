import type { CreatedAccount, InviteConfirmBody, InviteState } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import { randomToken, sha256 } from '../../../../platform/crypto.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { organizations, userInvites } from '../../tables.ts';
import { badRequest, notFound } from '../../../../platform/errors.ts';
import { createOwnAccount } from './new-account.ts';

export const INVITE_TTL_DAYS = 7;

type InviteRow = typeof userInvites.$inferSelect;

/** 'expired' is also what a pending invitation past its date reads as, before anything marks it so. */
const stateOf = (invite: InviteRow): InviteState['state'] =>
  invite.state === 'pending' && invite.expiresAt.getTime() <= Date.now() ? 'expired' : invite.state;

/**
 * Creates an invitation to join an organisation and returns its token (only the hash is stored).
 * Sending it is the message centre's job. Without a request behind it, the inviter is the actor.
 */
export async function createInvite(
  db: Db,
  input: { email: string; orgId: string | null; invitedBy: string | null },
  actor: AuditActor = { actorId: input.invitedBy, ip: 'internal', requestId: 'internal' },
): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx.insert(userInvites).values({
      tokenHash: sha256(token),
      email: input.email.trim(),
      orgId: input.orgId,
      invitedBy: input.invitedBy,
      expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 24 * 3600 * 1000),
    });
    await recordAudit(tx, actor, {
      action: 'users.invite.create',
      targetType: 'invite',
      targetId: input.email.trim(),
      after: { email: input.email.trim(), orgId: input.orgId },
    });
  });
  return token;
}

async function findInvite(db: Db, token: string, lock = false) {
  const query = db
    .select({ invite: userInvites, orgName: organizations.name })
    .from(userInvites)
    .leftJoin(organizations, eq(organizations.id, userInvites.orgId))
    .where(eq(userInvites.tokenHash, sha256(token)));
  const [row] = lock ? await query.for('update', { of: userInvites }) : await query;
  return row;
}

export async function inviteState(db: Db, token: string): Promise<InviteState> {
  const row = await findInvite(db, token);
  if (!row) throw notFound('The invitation');
  return { state: stateOf(row.invite), email: row.invite.email, orgName: row.orgName };
}

function assertUsable(invite: InviteRow | undefined): asserts invite is InviteRow {
  if (!invite) throw badRequest('The invitation is not valid', { field: 'token' });
  const state = stateOf(invite);
  if (state === 'confirmed') throw badRequest('The invitation has already been used', { field: 'token' });
  if (state === 'expired') throw badRequest('The invitation has expired: ask for a new one', { field: 'token' });
}

/** Creates the invited user in the invitation's organisation, with the invited email; the invitation is used up. */
export async function confirmInvite(db: Db, actor: AuditActor, input: InviteConfirmBody): Promise<CreatedAccount> {
  // Refuse unusable tokens before paying for a password hash.
  assertUsable((await findInvite(db, input.token))?.invite);
  return createOwnAccount(db, actor, input, {
    action: 'users.invite.confirm',
    place: async (tx) => {
      const invite = (await findInvite(tx, input.token, true))?.invite;
      assertUsable(invite);
      await tx.update(userInvites).set({ state: 'confirmed' }).where(eq(userInvites.tokenHash, invite.tokenHash));
      return { email: invite.email, orgId: invite.orgId, invitedBy: invite.invitedBy };
    },
    audited: (account) => ({ orgId: account.orgId }),
  });
}
