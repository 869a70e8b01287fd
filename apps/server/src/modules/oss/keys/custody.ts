/**
 * The one way an access key is made or changed: the routes have no other. A change of another
 * user's key runs under permission's containment check (the actor may act on that user), and one
 * that hands out what the key opens (a new key, a new secret, enabling it again, a wider policy)
 * also needs the actor to hold it (entrust.ts). Changes of one's own keys need neither: a key never
 * reaches further than its owner.
 */
import {
  ACCESS_KEYS_PER_OWNER,
  ALL_BUCKETS,
  type AccessKeyCreate,
  type AccessKeyPolicy,
  type AccessKeyUpdate,
  type AccessKeyView,
  type AccessKeyWithSecret,
} from '@portal/contracts';
import { isDeepStrictEqual } from 'node:util';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import type { OssService } from '../context.ts';
import { ossAccessKeys as keys, ossBuckets as buckets } from '../tables.ts';
import { newSecret } from './directory.ts';
import { assertMayEntrust } from './entrust.ts';
import { checkPolicy, issueAccessKey } from './issue.ts';
import { allowsNoMoreThan } from './policy.ts';
import { viewOf } from './service.ts';

/**
 * The policy as checkPolicy accepts it, naming only buckets that exist (or `*`). For the owner's own
 * key a bucket they cannot reach is not refused: the key acts as its owner and gets nothing there.
 */
async function checkedPolicy(db: Db, policy: AccessKeyPolicy): Promise<AccessKeyPolicy> {
  checkPolicy(policy);
  const named = [...new Set(policy.buckets.filter((name) => name !== ALL_BUCKETS))];
  if (named.length === 0) return policy;
  const found = await db.select({ name: buckets.name }).from(buckets).where(inArray(buckets.name, named));
  const missing = named.filter((name) => !found.some((row) => row.name === name));
  if (missing.length > 0) throw badRequest(`No bucket is named ${missing.join(', ')}`, { field: 'policy.buckets', missing });
  return policy;
}

/** Inside the change: the key still as it was checked (policy and state), locked until the change commits; 409 otherwise. */
async function lockAsChecked(tx: Db, key: AccessKeyView): Promise<void> {
  const [row] = await tx
    .select({ policy: keys.policy, state: keys.state })
    .from(keys)
    .where(eq(keys.accessKeyId, key.accessKeyId))
    .for('update');
  if (!row) throw notFound('The access key');
  if (!isDeepStrictEqual(row.policy, key.policy) || (row.state === 'enabled') !== key.enabled) {
    throw new AppError('CONFLICT', 'The access key changed meanwhile: read it again and retry');
  }
}

async function insertKey(service: OssService, tx: Db, ownerId: string, name: string | null, policy: AccessKeyPolicy) {
  const [held] = await tx.select({ n: count() }).from(keys).where(eq(keys.ownerId, ownerId));
  if ((held?.n ?? 0) >= ACCESS_KEYS_PER_OWNER) {
    throw new AppError('CONFLICT', `A user holds at most ${ACCESS_KEYS_PER_OWNER} access keys: delete one first`, {
      limit: ACCESS_KEYS_PER_OWNER,
    });
  }
  const issued = await issueAccessKey(tx, service.keys, { ownerId, name, policy });
  return { ...(await viewOf(service, tx, issued.accessKeyId)), secretAccessKey: issued.secretAccessKey };
}

export interface KeyCustody {
  /** A key for the owner, answered with its secret this once. */
  create(ownerId: string, input: AccessKeyCreate): Promise<AccessKeyWithSecret>;
  update(key: AccessKeyView, input: AccessKeyUpdate): Promise<AccessKeyView>;
  /** A new secret, answered this once; the old one stops signing (within the directory's cache time on other instances). */
  rotate(key: AccessKeyView): Promise<AccessKeyWithSecret>;
  remove(key: AccessKeyView): Promise<void>;
}

/** The key changes `actorId` may make, each in one transaction; the key directory forgets a key once its change is committed. */
export function keyCustody(service: OssService, actorId: string): KeyCustody {
  const onBehalf = <T>(ownerId: string, change: (tx: Db) => Promise<T>): Promise<T> =>
    ownerId === actorId ? transaction(service.db, change) : service.administerUser(actorId, ownerId, change);

  /**
   * Refuses handing out `policy` on the owner's key unless the actor holds it. The containment check
   * comes first (an empty change under it: 404 for no such user, 403 for one above the actor), so
   * its answer does not depend on the policy; the change itself runs under it again.
   */
  async function entrust(ownerId: string, policy: AccessKeyPolicy): Promise<void> {
    if (ownerId === actorId) return;
    await service.administerUser(actorId, ownerId, async () => undefined);
    await assertMayEntrust(service, actorId, policy);
  }

  /** Changes the key as it was when checked (else 409), then has the directory forget it. */
  async function change<T>(key: AccessKeyView, work: (tx: Db) => Promise<T>): Promise<T> {
    const result = await onBehalf(key.ownerId, async (tx) => {
      await lockAsChecked(tx, key);
      return work(tx);
    });
    service.keys.forget(key.accessKeyId);
    return result;
  }

  return {
    async create(ownerId, input) {
      const policy = await checkedPolicy(service.db, input.policy);
      await entrust(ownerId, policy);
      return onBehalf(ownerId, (tx) => insertKey(service, tx, ownerId, input.name ?? null, policy));
    },

    async update(key, input) {
      const policy = input.policy ? await checkedPolicy(service.db, input.policy) : key.policy;
      const enabled = input.enabled ?? key.enabled;
      // Disabling, renaming and narrowing hand out nothing; enabling again or widening does.
      if (enabled && (!key.enabled || !allowsNoMoreThan(policy, key.policy))) await entrust(key.ownerId, policy);
      return change(key, async (tx) => {
        await tx
          .update(keys)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.policy ? { policy } : {}),
            ...(input.enabled !== undefined ? { state: input.enabled ? 'enabled' : 'disabled' } : {}),
            updatedAt: new Date(),
          })
          .where(eq(keys.accessKeyId, key.accessKeyId));
        return viewOf(service, tx, key.accessKeyId);
      });
    },

    async rotate(key) {
      // Even a disabled key's secret: whoever enables it later would open it for the holder.
      await entrust(key.ownerId, key.policy);
      return change(key, async (tx) => {
        const secretAccessKey = newSecret();
        await tx
          .update(keys)
          .set({ secretSealed: service.keys.seal(key.accessKeyId, secretAccessKey), updatedAt: new Date() })
          .where(eq(keys.accessKeyId, key.accessKeyId));
        return { ...(await viewOf(service, tx, key.accessKeyId)), secretAccessKey };
      });
    },

    async remove(key) {
      // Whatever the key has become meanwhile, it goes.
      await onBehalf(key.ownerId, (tx) => tx.delete(keys).where(eq(keys.accessKeyId, key.accessKeyId)));
      service.keys.forget(key.accessKeyId);
    },
  };
}
