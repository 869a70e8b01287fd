import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns.ts';

/** Every change made through the administration endpoints: who, when, from where, what, before and after. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: idColumn(),
    at: instant('at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    ip: text('ip'),
    /** `<resource>.<verb>`, e.g. `users.update`, `roles.resources.update`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_logs_at_idx').on(t.at.desc()),
    index('audit_logs_actor_idx').on(t.actorId, t.at.desc()),
    index('audit_logs_target_idx').on(t.targetType, t.targetId),
  ],
);
