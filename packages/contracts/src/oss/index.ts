/** Endpoint declarations of the oss module (see endpoint.ts at the package root); each file's groups are exported here. */
import { endpointsIn, type Endpoint } from '../endpoint.ts';
import { bucketAccessEndpoints, groupGrantEndpoints, userGrantEndpoints } from './access.ts';
import { analysisEndpoints } from './analysis.ts';
import { everyKeyEndpoints, ownKeyEndpoints } from './authorizations.ts';
import { bucketEndpoints } from './buckets.ts';
import { multipartEndpoints } from './multipart.ts';
import { objectEndpoints } from './objects.ts';
import { processorEndpoints } from './processor-endpoints.ts';

export * from './prefix.ts';
export * from './buckets.ts';
export * from './objects.ts';
export * from './multipart.ts';
export * from './access.ts';
export * from './processors.ts';
export * from './processor-endpoints.ts';
export * from './authorizations.ts';
export * from './analysis.ts';

export const OSS_ENDPOINTS: Endpoint[] = endpointsIn({
  bucketEndpoints,
  objectEndpoints,
  multipartEndpoints,
  bucketAccessEndpoints,
  userGrantEndpoints,
  groupGrantEndpoints,
  processorEndpoints,
  ownKeyEndpoints,
  everyKeyEndpoints,
  analysisEndpoints,
});
export * from './key-policy.ts';
