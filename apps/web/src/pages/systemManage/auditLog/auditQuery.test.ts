import { describe, expect, it } from 'vitest';
import { toAuditFilters } from './auditQuery.ts';

describe('toAuditFilters', () => {
  it('leaves out blank fields and trims the others', () => {
    expect(toAuditFilters({ actorId: null, action: '  roles ', targetType: '', days: null })).toEqual({ action: 'roles' });
    expect(toAuditFilters({})).toEqual({});
  });

  it('covers whole days from the first day’s start to the last day’s end, in local time', () => {
    const filters = toAuditFilters({ days: [new Date(2025, 2, 3, 15, 30), new Date(2025, 2, 5, 8, 0)] });
    expect(filters.from).toBe(new Date(2025, 2, 3, 0, 0, 0, 0).toISOString());
    expect(filters.to).toBe(new Date(2025, 2, 5, 23, 59, 59, 999).toISOString());
  });
});
