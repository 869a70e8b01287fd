import { endpoint, errorResponses } from '../../endpoint.ts';
import { AuditLog } from '../../identity.ts';
import { AuditQuery, StaticInfo, TopStats } from '../../identity-extra.ts';
import { Page } from '../../paging.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const overview = { access: 'gated', tags: ['overview'] } as const;

/** The overview page: counters and the top-ten charts. */
export const overviewEndpoints = {
  counts: endpoint({
    ...overview,
    method: 'GET',
    path: `${PERMISSION_PREFIX}/common/staticInfo`,
    summary: 'How many users, groups, roles, organisations, positions, menu nodes',
    responses: { 200: StaticInfo },
  }),
  topTen: endpoint({
    ...overview,
    method: 'GET',
    path: `${PERMISSION_PREFIX}/common/stats/top`,
    summary: 'Top ten organisations by members and roles by direct holders',
    responses: { 200: TopStats },
  }),
};

/** The audit log of every administrative change. */
export const auditLogEndpoints = {
  list: endpoint({
    access: 'gated',
    tags: ['audit'],
    method: 'GET',
    path: `${PERMISSION_PREFIX}/audit-logs`,
    summary: 'Audit entries, newest first',
    query: AuditQuery,
    responses: { 200: Page(AuditLog), ...errorResponses(400) },
  }),
};
