/** What the filter form holds; blank fields filter nothing. */
export interface AuditFilterValues {
  actorId?: string | null;
  action?: string;
  targetType?: string;
  /** First and last day, inclusive, in the user's time zone. */
  days?: [Date, Date] | null;
}

/** Query parameters of GET /audit-logs beyond paging (contracts' AuditQuery). */
export interface AuditFilters {
  actorId?: string;
  action?: string;
  targetType?: string;
  from?: string;
  to?: string;
}

const startOfDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate());
const endOfDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999);

/**
 * The filter form as query parameters: trimmed, blanks left out, and whole days turned into
 * instants from the first day's start to the last day's end in the user's own time zone.
 */
export function toAuditFilters(values: AuditFilterValues): AuditFilters {
  const filters: AuditFilters = {};
  const actorId = values.actorId?.trim();
  const action = values.action?.trim();
  const targetType = values.targetType?.trim();
  if (actorId) filters.actorId = actorId;
  if (action) filters.action = action;
  if (targetType) filters.targetType = targetType;
  if (values.days) {
    filters.from = startOfDay(values.days[0]).toISOString();
    filters.to = endOfDay(values.days[1]).toISOString();
  }
  return filters;
}
