import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditLog, AuditQuery, Page } from '@portal/contracts';
import type { PermissionService } from '../context.ts';
import { errors } from '../../../platform/responses.ts';
import { pageAuditLogs } from './service.ts';

/** The audit log of every administrative change. */
export const auditRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/audit-logs',
    {
      config: { access: 'gated' },
      schema: {
        tags: ['audit'],
        summary: 'Audit entries, newest first',
        querystring: AuditQuery,
        response: { 200: Page(AuditLog), ...errors(400) },
      },
    },
    async (request) => pageAuditLogs(ps.db, request.query),
  );
};
