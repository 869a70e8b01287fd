import type { ThirdPartyBinding } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { AppError, notFound } from '../../../../platform/errors.ts';
import { changeAs } from '../../access/containment/change.ts';
import { userExternalIdentities as links } from '../../tables.ts';
import { lockUser, type Caller } from '../admin/context.ts';
import { loadUser } from '../self-service/account-changes.ts';
import { consumeMfaToken } from '../self-service/mfa-tokens.ts';
import type { Authenticators } from '../self-service/totp/authenticators.ts';
import { assertAnotherWayIn } from './last-method.ts';
import { insertLink, linksOf, toBinding, type ExternalIdentity, type LinkRow, type ProviderNames } from './links.ts';

/** What the linked-accounts use-cases are given. */
export interface BindingDeps {
  db: Db;
  totp: Pick<Authenticators, 'isEnrolled'>;
  /** The identity providers' labels (system-config's api), read at request time. */
  providerNames(): Promise<ProviderNames>;
}

export async function bindingsOf(deps: BindingDeps, userId: string): Promise<ThirdPartyBinding[]> {
  const [rows, names] = await Promise.all([linksOf(deps.db, userId), deps.providerNames()]);
  return rows.map((row) => toBinding(row, names));
}

/** GET /users/third/{id}: 404 for a user that does not exist. */
export async function bindingsOfUser(deps: BindingDeps, userId: string): Promise<ThirdPartyBinding[]> {
  await loadUser(deps.db, userId);
  return bindingsOf(deps, userId);
}

async function removeLinks(tx: Db, actor: AuditActor, user: { id: string; passwordHash: string | null }, rows: LinkRow[]) {
  if (rows.length === 0) throw notFound('The linked account');
  await assertAnotherWayIn(
    tx,
    user,
    rows.map((row) => row.id),
  );
  await tx.delete(links).where(
    inArray(
      links.id,
      rows.map((row) => row.id),
    ),
  );
  await recordAudit(tx, actor, {
    action: 'users.third.unlink',
    targetType: 'user',
    targetId: user.id,
    before: rows.map(({ providerId, subject }) => ({ providerId, subject })),
  });
}

/**
 * DELETE /users/third/{type}: the caller unlinks their own account at a provider. With an
 * authenticator app, only with an mfa_token of purpose "third" (spent in the same transaction).
 */
export async function unlinkOwn(
  deps: BindingDeps,
  actor: AuditActor,
  input: { userId: string; providerId: string; mfaToken?: string | undefined },
) {
  const { userId, providerId, mfaToken } = input;
  if ((await deps.totp.isEnrolled(userId)) && !mfaToken) {
    throw new AppError('BAD_REQUEST', 'Confirm it is you first: an mfa_token of purpose "third" is needed', { field: 'mfa_token' });
  }
  await changeAs(deps.db, { actorId: userId }, async (tx) => {
    const user = await lockUser(tx, userId);
    if (mfaToken) await consumeMfaToken(tx, { token: mfaToken, userId, purpose: 'third' });
    const rows = (await linksOf(tx, userId)).filter((row) => row.providerId === providerId);
    await removeLinks(tx, actor, user, rows);
  });
}

/** POST /users/{userId}/third/{openId}: an administrator links an account; the user must be within the caller's reach. */
export async function linkForUser(
  deps: BindingDeps,
  caller: Caller,
  userId: string,
  identity: ExternalIdentity,
): Promise<ThirdPartyBinding> {
  const names = await deps.providerNames();
  if (!names.has(identity.providerId)) throw notFound(`The identity provider ${identity.providerId}`);
  const row = await changeAs(deps.db, caller.actor, async (tx) => {
    await lockUser(tx, userId);
    const linked = await insertLink(tx, userId, identity);
    await recordAudit(tx, caller.actor, {
      action: 'users.third.link',
      targetType: 'user',
      targetId: userId,
      after: { providerId: identity.providerId, subject: identity.subject },
    });
    return linked;
  });
  return toBinding(row, names);
}

/** DELETE /users/{userId}/third/{openId}[?type=]: an administrator unlinks; the last way in stays. */
export async function unlinkForUser(
  deps: BindingDeps,
  caller: Caller,
  userId: string,
  target: { subject: string; providerId?: string | undefined },
) {
  await changeAs(deps.db, caller.actor, async (tx) => {
    const user = await lockUser(tx, userId);
    const rows = (await linksOf(tx, userId)).filter(
      (row) => row.subject === target.subject && (target.providerId === undefined || row.providerId === target.providerId),
    );
    await removeLinks(tx, caller.actor, user, rows);
  });
}

/** Links as the user themself (a sign-in flow they completed), outside any administrator's change. */
export async function linkAsUser(db: Db, actor: AuditActor, userId: string, identity: ExternalIdentity): Promise<void> {
  await changeAs(db, { actorId: userId }, async (tx) => {
    await lockUser(tx, userId);
    await insertLink(tx, userId, identity);
    await recordAudit(tx, actor, {
      action: 'users.third.link',
      targetType: 'user',
      targetId: userId,
      after: { providerId: identity.providerId, subject: identity.subject },
    });
  });
}
