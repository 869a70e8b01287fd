/**
 * A secret goes only to someone who may hold what it opens. A key acts as its owner, so a key made,
 * re-keyed, re-enabled or widened by someone else puts the owner's reach, as far as its policy goes,
 * in that person's hands: they must hold it themselves. The rule is the policy's, not the owner's
 * current levels, since those may grow after the secret is handed out.
 */
import { ALL_BUCKETS, BUCKET_LEVELS, type AccessKeyPolicy, type BucketLevel } from '@portal/contracts';
import { AppError } from '../../../platform/errors.ts';
import { atLeast, everyBucketLevel } from '../buckets/levels.ts';
import { listBuckets } from '../buckets/service.ts';
import type { OssService } from '../context.ts';
import { CREATE_BUCKETS_POINT, LEVEL_OF_ACTION } from './actions.ts';
import { actionsOf } from './policy.ts';

/** The level on each bucket the policy reaches that its actions need at the most (null: none, s3:CreateBucket alone). */
export function levelNeeded(policy: AccessKeyPolicy): BucketLevel | null {
  const levels = actionsOf(policy).map((action) => LEVEL_OF_ACTION[action]);
  return BUCKET_LEVELS.findLast((level) => levels.includes(level)) ?? null;
}

const refused = (message: string, details: Record<string, unknown>) =>
  new AppError('FORBIDDEN', `This key would open what you do not hold: ${message}`, details);

/**
 * Refuses (403) a policy reaching beyond the actor: on every bucket it names, the level its actions
 * need; with `*`, that level on every bucket there is or will be, which only the catalogue points
 * reaching every bucket give (OSS:spaceList:query for read, :manage for write and admin), since a
 * grant on each bucket of today says nothing of tomorrow's; s3:CreateBucket, the create point.
 */
export async function assertMayEntrust(service: OssService, actorId: string, policy: AccessKeyPolicy): Promise<void> {
  const needed = levelNeeded(policy);
  if (actionsOf(policy).includes('s3:CreateBucket') && !(await service.holdsResource(actorId, CREATE_BUCKETS_POINT))) {
    throw refused('s3:CreateBucket needs the point to create buckets', { needed: CREATE_BUCKETS_POINT });
  }
  if (needed === null) return;
  if (policy.buckets.includes(ALL_BUCKETS)) {
    if (atLeast(await everyBucketLevel(service, actorId), needed)) return;
    throw refused(`the ${needed} level on every bucket, which a policy for all buckets (*) reaches`, { needed, buckets: [ALL_BUCKETS] });
  }
  const held = new Map((await listBuckets(service, actorId)).map((bucket) => [bucket.name, bucket.level]));
  const short = policy.buckets.filter((name) => !atLeast(held.get(name) ?? null, needed));
  if (short.length > 0) throw refused(`the ${needed} level on ${short.join(', ')}`, { needed, buckets: short });
}
