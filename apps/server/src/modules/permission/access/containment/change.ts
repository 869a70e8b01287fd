import type { AuditActor } from '../../../../platform/audit.ts';
import { declareActor } from '../../../../platform/db/actor.ts';
import { sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../../../platform/db/client.ts';
import { AppError } from '../../../../platform/errors.ts';
import { transaction, type Tx } from '../../../../platform/db/transaction.ts';
import { USER_CHANGED_TOPIC } from '../../users/directory.ts';
import { PERMISSION_CHANGED_TOPIC } from '../decider.ts';
import type { ApplicationScope } from './application-scope.ts';
import { enforceContainment } from './check.ts';

/**
 * The one way a signed-in user changes users or grants: a transaction that declares its actor to
 * the containment triggers and checks the invariant (check.ts) before it commits. A refused change
 * rolls back whole; a change confined to an application (`scope`) is checked as its owner's when
 * its owner makes it (check.ts). After the commit every instance hears of what it changed: the permission caches
 * when it touched anything that decides grants, the user directory of each user row it changed. So
 * no caller clears those caches by hand.
 */
export function changeAs<T>(
  db: Db,
  actor: Pick<AuditActor, 'actorId'>,
  change: (tx: Tx) => Promise<T>,
  scope?: ApplicationScope,
): Promise<T> {
  const { actorId } = actor;
  if (!actorId) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return transaction(db, async (tx) => {
    await declareActor(tx, { userId: actorId });
    const result = await change(tx);
    const changedUsers = await rawRows<{ id: string }>(tx, sql`select pk as id from change_journal where tbl = 'users'`);
    if (await enforceContainment(tx, actorId, scope)) tx.afterCommit(PERMISSION_CHANGED_TOPIC);
    for (const { id } of changedUsers) tx.afterCommit(USER_CHANGED_TOPIC, id);
    return result;
  });
}

/**
 * Marks a user as acted on by this change transaction even where no journalled row of theirs
 * changes (an unlock clears a counter kept by name), so the check treats them as touched.
 */
export async function actingOn(tx: Db, userId: string): Promise<void> {
  const [declared] = await rawRows<{ actor: string | null }>(tx, sql`select current_setting('portal.actor', true) as actor`);
  if (!declared?.actor || declared.actor === 'system') throw new Error('actingOn needs a change transaction (changeAs)');
  await tx.execute(sql`
    insert into change_journal (tbl, pk, old, keys)
      select 'users', u.id::text, to_jsonb(u), array['user:' || u.id::text] from users u where u.id = ${userId}
    on conflict (tbl, pk) do update set keys = change_journal.keys || excluded.keys`);
}
