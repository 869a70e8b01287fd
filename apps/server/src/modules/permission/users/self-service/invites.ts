import { invitePageUrl, type CreatedAccount, type InviteConfirmBody, type InviteState } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import { randomToken, sha256 } from '../../../../platform/crypto.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { organizations, userInvites } from '../../tables.ts';
import { badRequest, notFound } from '../../../../platform/errors.ts';
import { enqueueMail } from '../../../../platform/mail-jobs.ts';
import type { OutgoingMail } from '../../../../platform/mailer.ts';
import { createOwnAccount } from './new-account.ts';

export const INVITE_TTL_DAYS = 7;

type InviteRow = typeof userInvites.$inferSelect;

/** 'expired' is also what a pending invitation past its date reads as, before anything marks it so. */
const stateOf = (invite: InviteRow): InviteState['state'] =>
  invite.state === 'pending' && invite.expiresAt.getTime() <= Date.now() ? 'expired' : invite.state;

/**
 * Creates an invitation to join an organisation and returns its token (only the hash is stored).
 * With `mail`, the invitation mail is queued in the same transaction (sent by a job, retried until
 * the mail server takes it): it goes out exactly when the invitation exists. Without a request
 * behind it, the inviter is the actor.
 */
export async function createInvite(
  db: Db,
  input: { email: string; orgId: string | null; invitedBy: string | null },
  options: { actor?: AuditActor; mail?: { publicUrl: string; systemName: string } } = {},
): Promise<string> {
  const actor = options.actor ?? { actorId: input.invitedBy, ip: 'internal', requestId: 'internal' };
  const token = randomToken();
  const email = input.email.trim();
  const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 24 * 3600 * 1000);
  await db.transaction(async (tx) => {
    await tx.insert(userInvites).values({ tokenHash: sha256(token), email, orgId: input.orgId, invitedBy: input.invitedBy, expiresAt });
    await recordAudit(tx, actor, {
      action: 'users.invite.create',
      targetType: 'invite',
      targetId: email,
      after: { email, orgId: input.orgId },
    });
    if (options.mail) {
      const [org] = input.orgId
        ? await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, input.orgId))
        : [];
      const link = invitePageUrl(options.mail.publicUrl, token);
      await enqueueMail(tx, inviteMail({ to: email, orgName: org?.name, link, systemName: options.mail.systemName }), {
        notAfter: expiresAt,
      });
    }
  });
  return token;
}

/** `systemName`: the system's configured name (base settings), as the sign-in page shows it. */
const inviteMail = ({
  to,
  orgName,
  link,
  systemName,
}: {
  to: string;
  orgName?: string;
  link: string;
  systemName: string;
}): OutgoingMail => ({
  to,
  subject: `You are invited to ${systemName}`,
  text: [
    'Hello,',
    '',
    `You are invited to join ${orgName ? `"${orgName}" on ` : ''}${systemName}.`,
    `Choose your username and password here: ${link}`,
    `The invitation works for ${INVITE_TTL_DAYS} days.`,
    '',
    'If you did not expect it, ignore this mail.',
  ].join('\n'),
});

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
