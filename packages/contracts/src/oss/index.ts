/** Endpoint declarations of the oss module (see endpoint.ts at the package root); each file's groups are exported here. */
import { endpointsIn, type Endpoint } from '../endpoint.ts';
import { bucketAccessEndpoints, groupGrantEndpoints, userGrantEndpoints } from './access.ts';
import { bucketEndpoints } from './buckets.ts';
import { objectEndpoints } from './objects.ts';
import { processorEndpoints } from './processor-endpoints.ts';

export * from './prefix.ts';
export * from './buckets.ts';
export * from './objects.ts';
export * from './access.ts';
export * from './processors.ts';
export * from './processor-endpoints.ts';

export const OSS_ENDPOINTS: Endpoint[] = endpointsIn({
  bucketEndpoints,
  objectEndpoints,
  bucketAccessEndpoints,
  userGrantEndpoints,
  groupGrantEndpoints,
  processorEndpoints,
});
export * from './key-policy.ts';
