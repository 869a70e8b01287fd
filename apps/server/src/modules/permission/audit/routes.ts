import { auditLogEndpoints } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { pageAuditLogs } from './service.ts';

/** The audit log of every administrative change. */
export async function auditRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [route(auditLogEndpoints.list, (request) => pageAuditLogs(ps.db, request.query))]);
}
