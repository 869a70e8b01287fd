import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StaticInfo, TopStats } from '@portal/contracts';
import type { PermissionService } from '../context.ts';
import { staticInfo, topStats } from './stats.ts';

/** The overview page: counters and the top-ten charts. */
export const commonRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/common/staticInfo',
    {
      config: { access: 'gated' },
      schema: {
        tags: ['overview'],
        summary: 'How many users, groups, roles, organisations, positions, menu nodes',
        response: { 200: StaticInfo },
      },
    },
    async () => staticInfo(ps.db),
  );

  app.get(
    '/common/stats/top',
    {
      config: { access: 'gated' },
      schema: { tags: ['overview'], summary: 'Top ten organisations by members and roles by direct holders', response: { 200: TopStats } },
    },
    async () => topStats(ps.db),
  );
};
