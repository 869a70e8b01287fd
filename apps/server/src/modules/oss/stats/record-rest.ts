import type { FastifyRequest } from 'fastify';
import type { OssService } from '../context.ts';

/**
 * Counts a REST request on a bucket once it has succeeded (refused and failed ones are not counted),
 * with the body bytes it received or sent. The S3 API calls `service.requests.record` the same way.
 */
export function recordRest(
  service: OssService,
  request: Pick<FastifyRequest, 'method'>,
  bucketId: string,
  bytes: { bytesIn?: number; bytesOut?: number } = {},
): void {
  service.requests.record({ bucketId, method: request.method, bytesIn: bytes.bytesIn ?? 0, bytesOut: bytes.bytesOut ?? 0 });
}
