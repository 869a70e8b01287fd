import type { BucketGrantView, BucketLevel } from '@portal/contracts';

/** The grants with these subjects set to a level: new ones added (named once the server answers), present ones changed. */
export function withGrants(current: readonly BucketGrantView[], subjectIds: readonly string[], level: BucketLevel): BucketGrantView[] {
  const changed = new Set(subjectIds);
  const kept = current.map((grant) => (changed.has(grant.subjectId) ? { ...grant, level } : grant));
  const known = new Set(current.map((grant) => grant.subjectId));
  const added = [...changed].filter((id) => !known.has(id)).map((subjectId) => ({ subjectId, level, name: '' }));
  return [...kept, ...added];
}

export const withoutGrant = (current: readonly BucketGrantView[], subjectId: string): BucketGrantView[] =>
  current.filter((grant) => grant.subjectId !== subjectId);
