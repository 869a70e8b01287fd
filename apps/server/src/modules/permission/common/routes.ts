import { overviewEndpoints } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { staticInfo, topStats } from './stats.ts';

/** The overview page: counters and the top-ten charts. */
export async function commonRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [route(overviewEndpoints.counts, () => staticInfo(ps.db)), route(overviewEndpoints.topTen, () => topStats(ps.db))]);
}
