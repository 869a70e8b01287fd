import { analysisEndpoints as api } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { OssService } from '../context.ts';
import { bucketSizes, capacity, fileTypes, requestMethods, requestSeries } from './analysis.ts';
import { periodRange } from './range.ts';
import { bucketScope } from './scope.ts';

/**
 * Statistics over the buckets the caller may see (stats/scope.ts). Times are UTC throughout: hours and
 * days start at whole UTC hours and at 00:00 UTC, and a client shows them in its own time zone.
 */
export async function analysisRoutes(app: FastifyInstance, service: OssService) {
  const scopeOf = (request: FastifyRequest, bucketId: string | undefined) => bucketScope(service, principalOf(request).userId, bucketId);
  registerRoutes(app, [
    route(api.bucketSizes, async (request) =>
      bucketSizes(service, await scopeOf(request, request.query.bucketId), request.query.top ?? 10),
    ),
    route(api.capacity, async (request) => capacity(service, await scopeOf(request, request.query.bucketId))),
    route(api.fileTypes, async (request) => fileTypes(service, await scopeOf(request, request.query.bucketId))),
    route(api.requestMethods, async (request) => {
      const range = periodRange(request.query, 'day');
      return requestMethods(service, await scopeOf(request, request.query.bucketId), range);
    }),
    route(api.requests, async (request) => {
      const granularity = request.query.granularity ?? 'hour';
      const range = periodRange(request.query, granularity);
      return requestSeries(service, await scopeOf(request, request.query.bucketId), range, granularity);
    }),
  ]);
}
