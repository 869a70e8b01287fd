import type { BucketGrant, BucketGrantView, SubjectType } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { badRequest } from '../../../platform/errors.ts';
import { NO_RECIPIENTS } from '../../permission/index.ts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ossBucketPermissions as grants } from '../tables.ts';

const idsOf = (subjectType: SubjectType, ids: string[]) => ({ ...NO_RECIPIENTS, [subjectType === 'user' ? 'userIds' : 'groupIds']: ids });

/** The users' or the groups' grants on a bucket with their names, by name (a deleted one is left out). */
export async function grantsOf(service: OssService, bucket: BucketRow, subjectType: SubjectType): Promise<BucketGrantView[]> {
  const rows = await service.db
    .select({ subjectId: grants.subjectId, level: grants.level })
    .from(grants)
    .where(and(eq(grants.bucketId, bucket.id), eq(grants.subjectType, subjectType)));
  const named = await service.people.namedTargets(
    service.db,
    idsOf(
      subjectType,
      rows.map((row) => row.subjectId),
    ),
  );
  const names = new Map(named.map((target) => [target.objectId, target.name]));
  return rows
    .flatMap((row) => {
      const name = names.get(row.subjectId);
      return name === undefined ? [] : [{ ...row, name }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Replaces the users' or the groups' grants on a bucket in one transaction; an unknown id answers 400 naming it. */
export async function replaceGrants(
  service: OssService,
  actor: AuditActor,
  bucket: BucketRow,
  subjectType: SubjectType,
  wanted: BucketGrant[],
): Promise<BucketGrantView[]> {
  const ids = wanted.map((grant) => grant.subjectId);
  if (new Set(ids).size !== ids.length) throw badRequest('A subject is listed twice', { field: 'body.grants' });
  await service.people.assertExist(service.db, idsOf(subjectType, ids));
  await transaction(service.db, async (tx) => {
    const before = await tx
      .delete(grants)
      .where(and(eq(grants.bucketId, bucket.id), eq(grants.subjectType, subjectType)))
      .returning({ subjectId: grants.subjectId, level: grants.level });
    if (wanted.length > 0) {
      await tx.insert(grants).values(wanted.map((grant) => ({ bucketId: bucket.id, subjectType, ...grant })));
    }
    await recordAudit(tx, actor, {
      action: `oss-buckets.${subjectType}-grants.update`,
      targetType: 'oss-bucket',
      targetId: bucket.id,
      before: { grants: before },
      after: { grants: wanted },
    });
  });
  return grantsOf(service, bucket, subjectType);
}
