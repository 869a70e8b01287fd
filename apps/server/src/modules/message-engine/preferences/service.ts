import type { MutedPair, Preferences } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { badRequest } from '../../../platform/errors.ts';
import { CLASSIFICATION_ORDER } from '../classifications/service.ts';
import { messageClassifications as classifications, messagePreferences as preferences } from '../tables.ts';

/** Published after a user's preferences change, with the user's id. */
export const PREFERENCES_CHANGED_TOPIC = 'message-engine.preferences.changed';

const pairKey = (pair: MutedPair) => `${pair.classificationId}:${pair.channelType}`;

/** Every classification, in the order shown, with whether this user muted it for email and for SMS. */
export async function preferencesOf(db: Db, userId: string): Promise<Preferences> {
  const [all, muted] = await Promise.all([
    db
      .select({ id: classifications.id, code: classifications.code, name: classifications.name })
      .from(classifications)
      .orderBy(...CLASSIFICATION_ORDER),
    db
      .select({ classificationId: preferences.classificationId, channelType: preferences.channelType })
      .from(preferences)
      .where(eq(preferences.userId, userId)),
  ]);
  const keys = new Set(muted.map(pairKey));
  return all.map(({ id, code, name }) => ({
    classificationId: id,
    code,
    name,
    muted: { email: keys.has(`${id}:email`), sms: keys.has(`${id}:sms`) },
  }));
}

/**
 * Replaces the user's muted pairs with these (repeats count once). Every classification named must
 * exist: an unknown one is a 400 naming it and nothing changes. The named classifications are
 * locked for the transaction, so none is deleted between the check and the write.
 */
export async function setPreferences(db: Db, actor: AuditActor, userId: string, pairs: MutedPair[]): Promise<Preferences> {
  const unique = [...new Map(pairs.map((pair) => [pairKey(pair), pair])).values()];
  const ids = [...new Set(unique.map((pair) => pair.classificationId))];
  await transaction(db, async (tx) => {
    const found =
      ids.length === 0
        ? []
        : await tx.select({ id: classifications.id }).from(classifications).where(inArray(classifications.id, ids)).for('share');
    const known = new Set(found.map((row) => row.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw badRequest(`Unknown classification(s): ${unknown.slice(0, 10).join(', ')}`, {
        field: 'body.muted',
        classificationIds: unknown,
      });
    }
    const before = await tx
      .delete(preferences)
      .where(eq(preferences.userId, userId))
      .returning({ classificationId: preferences.classificationId, channelType: preferences.channelType });
    if (unique.length > 0) await tx.insert(preferences).values(unique.map((pair) => ({ ...pair, userId })));
    await recordAudit(tx, actor, { action: 'message-preferences.update', targetType: 'user', targetId: userId, before, after: unique });
    tx.afterCommit(PREFERENCES_CHANGED_TOPIC, userId);
  });
  return preferencesOf(db, userId);
}
