import type { AuditLog, AuditQuery, PageOf } from '@portal/contracts';
import { and, count, desc, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Db } from '../../../platform/db/client.ts';
import { auditLogs } from '../../../platform/db/tables.ts';
import { containing, pageOf, pageWindow } from '../../../platform/paging.ts';

type Query = Static<typeof AuditQuery>;

const toAuditLog = (row: typeof auditLogs.$inferSelect): AuditLog => ({ ...row, at: row.at.toISOString() });

/** The audit log, newest first, filtered by actor, action prefix, target, period and a keyword. */
export async function pageAuditLogs(db: Db, query: Query): Promise<PageOf<AuditLog>> {
  const window = pageWindow(query);
  const keyword = query.keyword ? containing(query.keyword) : undefined;
  const where = and(
    query.actorId ? eq(auditLogs.actorId, query.actorId) : undefined,
    // left() rather than LIKE, so '_' and '%' in the prefix match themselves.
    query.action ? sql`left(${auditLogs.action}, ${query.action.length}::int) = ${query.action}` : undefined,
    query.targetType ? eq(auditLogs.targetType, query.targetType) : undefined,
    query.targetId ? eq(auditLogs.targetId, query.targetId) : undefined,
    query.from ? gte(auditLogs.at, new Date(query.from)) : undefined,
    query.to ? lte(auditLogs.at, new Date(query.to)) : undefined,
    keyword
      ? or(
          ilike(auditLogs.actorName, keyword),
          ilike(auditLogs.action, keyword),
          ilike(auditLogs.targetType, keyword),
          ilike(auditLogs.targetId, keyword),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.at), desc(auditLogs.id)).limit(window.size).offset(window.offset),
    db.select({ count: count() }).from(auditLogs).where(where),
  ]);
  return pageOf(rows.map(toAuditLog), total?.count ?? 0, window);
}
