import type { AuditLog, PageOf } from '@portal/contracts';
import { http } from '../../../api/http.ts';
import { permissionUrl } from '../../../components/admin/adminApi.ts';
import type { PageState } from '../../../components/admin/pageQuery.ts';

export const AUDIT_KEY = ['permission', 'audit-logs'] as const;

/** Newest first: the order an investigation reads in, so the list always sends it. */
export const NEWEST_FIRST = { sort: 'at', order: 'descend' } as const;

export const fetchAuditLogs = async (query: PageState & Record<string, unknown>): Promise<PageOf<AuditLog>> =>
  (await http.get<PageOf<AuditLog>>(permissionUrl('/audit-logs'), { params: query })).data;
