import { bucketAccessEndpoints as access, groupGrantEndpoints, userGrantEndpoints } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route, type BoundRoute } from '../../../platform/endpoints.ts';
import { bucketFor } from '../buckets/levels.ts';
import { updateBucket } from '../buckets/service.ts';
import type { OssService } from '../context.ts';
import { grantsOf, replaceGrants } from './service.ts';

/** A bucket's policy and its user and group grants: every call needs the admin level on the bucket. */
export async function grantRoutes(app: FastifyInstance, service: OssService) {
  const administered = (request: Parameters<typeof principalOf>[0], bucketId: string) =>
    bucketFor(service, principalOf(request).userId, bucketId, 'admin').then(({ bucket }) => bucket);
  const subjectRoutes = (endpoints: typeof userGrantEndpoints, subjectType: 'user' | 'group'): BoundRoute[] => [
    route(endpoints.get, async (request) => grantsOf(service, await administered(request, request.params.bucketId), subjectType)),
    route(endpoints.replace, async (request) =>
      replaceGrants(service, auditActorOf(request), await administered(request, request.params.bucketId), subjectType, request.body.grants),
    ),
  ];
  registerRoutes(app, [
    route(access.policy, async (request) => ({ policy: (await administered(request, request.params.bucketId)).policy })),
    route(access.setPolicy, async (request) => {
      const bucket = await administered(request, request.params.bucketId);
      return {
        policy: (await updateBucket(service, auditActorOf(request), bucket, 'policy.update', { policy: request.body.policy })).policy,
      };
    }),
    ...subjectRoutes(userGrantEndpoints, 'user'),
    ...subjectRoutes(groupGrantEndpoints as unknown as typeof userGrantEndpoints, 'group'),
  ]);
}
