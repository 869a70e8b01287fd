import { auditLogEndpoints, type AuditLog, type PageOf } from '@portal/contracts';
import { call } from '../../../api/call.ts';
import type { PageState } from '../../../components/admin/pageQuery.ts';

export const AUDIT_KEY = ['permission', 'audit-logs'] as const;

/** Newest first: the order an investigation reads in, so the list always sends it. */
export const NEWEST_FIRST = { sort: 'at', order: 'descend' } as const;

export const fetchAuditLogs = (query: PageState & Record<string, unknown>): Promise<PageOf<AuditLog>> =>
  call(auditLogEndpoints.list, { query });
