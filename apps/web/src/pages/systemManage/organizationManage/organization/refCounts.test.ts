import { describe, expect, it } from 'vitest';
import { refCounts } from './api.ts';

describe('refCounts', () => {
  it('keeps the non-zero counts, counting arrays by length and skipping other values', () => {
    expect(refCounts({ users: 3, children: 0, positions: ['p1', 'p2'], roles: [], orgId: 'x' })).toEqual([
      { key: 'users', count: 3 },
      { key: 'positions', count: 2 },
    ]);
  });

  it('is empty when nothing refers to the organisation', () => {
    expect(refCounts({ users: 0 })).toEqual([]);
    expect(refCounts(undefined)).toEqual([]);
  });
});
