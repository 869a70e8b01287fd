import type { AccessKeyPolicy } from '@portal/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { ossAccessKeys as keys } from '../tables.ts';
import { newAccessKeyId, newSecret, type KeyDirectory } from './directory.ts';
import { parseSource } from './sources.ts';

/** Refuses a policy the schema lets through but that cannot mean anything: a bad source range, a past expiry. */
export function checkPolicy(policy: AccessKeyPolicy, now = new Date()): AccessKeyPolicy {
  const badSource = policy.sourceCidrs.find((source) => !parseSource(source));
  if (badSource !== undefined) {
    throw badRequest(`"${badSource}" is not an IP address or CIDR range`, { field: 'policy.sourceCidrs' });
  }
  if (policy.expiresAt !== null && Date.parse(policy.expiresAt) <= now.getTime()) {
    throw badRequest('The expiry must be in the future', { field: 'policy.expiresAt' });
  }
  return policy;
}

export interface IssuedAccessKey {
  accessKeyId: string;
  /** Shown once, when the key is made: only its sealed form is kept. */
  secretAccessKey: string;
}

/** Makes an access key for its owner with the policy given (checked), and answers its secret once. */
export async function issueAccessKey(
  db: Db,
  directory: KeyDirectory,
  input: { ownerId: string; name?: string | null; policy: AccessKeyPolicy },
): Promise<IssuedAccessKey> {
  const policy = checkPolicy(input.policy);
  const accessKeyId = newAccessKeyId();
  const secretAccessKey = newSecret();
  await db.insert(keys).values({
    accessKeyId,
    secretSealed: directory.seal(accessKeyId, secretAccessKey),
    ownerId: input.ownerId,
    name: input.name ?? null,
    policy,
  });
  return { accessKeyId, secretAccessKey };
}
