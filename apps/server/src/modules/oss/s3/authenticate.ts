import type { OssService } from '../context.ts';
import type { ResolvedAccessKey } from '../keys/directory.ts';
import { S3Error } from './errors.ts';
import type { S3Caller } from './exchange.ts';
import { REGION } from './operations/buckets.ts';
import { hasSigV4, verifySigV4, type SigV4Request } from './sigv4.ts';

/**
 * Who signed the request: a request without SigV4 credentials is anonymous; one with them must carry
 * a valid signature of an enabled key (an unknown or disabled key is InvalidAccessKeyId, as S3 and
 * MinIO answer), scoped to this service's region (the one GetBucketLocation answers). The key's policy and its owner's levels are checked per operation (authorize.ts).
 */
export async function authenticate(service: OssService, request: SigV4Request): Promise<S3Caller> {
  if (!hasSigV4(request)) return { kind: 'anonymous' };
  let key: ResolvedAccessKey | undefined;
  const auth = await verifySigV4(request, {
    region: REGION,
    lookupSecret: async (accessKeyId) => {
      key = await service.keys.find(accessKeyId);
      return key?.enabled ? key.secret : undefined;
    },
  });
  if (!key) throw new S3Error('InvalidAccessKeyId');
  // Only a bookkeeping write: a failure must not fail the request.
  service.keys.noteUse(key.accessKeyId).catch(() => undefined);
  return { kind: 'key', key, auth };
}
