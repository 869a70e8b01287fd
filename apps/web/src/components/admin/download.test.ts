import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, progressPercent } from './download.ts';

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 extended name', () => {
    const header = `attachment; filename="users.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`;
    expect(filenameFromDisposition(header, 'x.xlsx')).toBe('用户.xlsx');
  });

  it('reads quoted and bare names', () => {
    expect(filenameFromDisposition('attachment; filename="team users.xlsx"', 'x')).toBe('team users.xlsx');
    expect(filenameFromDisposition('attachment; filename=users.xlsx', 'x')).toBe('users.xlsx');
  });

  it('falls back when the header is missing, names nothing or is malformed', () => {
    expect(filenameFromDisposition(undefined, 'users.xlsx')).toBe('users.xlsx');
    expect(filenameFromDisposition('attachment', 'users.xlsx')).toBe('users.xlsx');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E7%94`, 'users.xlsx')).toBe('users.xlsx');
  });
});

describe('progressPercent', () => {
  it('rounds to a whole percentage and is unknown without a total', () => {
    expect(progressPercent({ loaded: 1, total: 3 })).toBe(33);
    expect(progressPercent({ loaded: 10, total: 10 })).toBe(100);
    expect(progressPercent({ loaded: 10, total: undefined })).toBeUndefined();
  });
});
