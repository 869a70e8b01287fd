import type { Bucket } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { atLeast, bytesOf, sizeOf, spacesPage, usagePercent } from './spaces.ts';

const space = (name: string, ownerName: string | null): Bucket => ({
  id: name,
  name,
  ownerId: null,
  ownerName,
  policy: 'private',
  quotaBytes: null,
  quotaObjects: null,
  maxUploadBytes: null,
  level: 'read',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('spaces', () => {
  it('ranks levels as the server does', () => {
    expect(atLeast('admin', 'write')).toBe(true);
    expect(atLeast('write', 'write')).toBe(true);
    expect(atLeast('read', 'write')).toBe(false);
  });

  it('searches by name or owner and pages the result', () => {
    const all = [space('photos', 'Ann'), space('logs', 'Bob'), space('backups', 'ann')];
    const found = spacesPage(all, { page: 1, size: 1, keyword: 'ANN' });
    expect(found).toMatchObject({ total: 2, list: [{ name: 'photos' }] });
    expect(spacesPage(all, { page: 2, size: 2 })).toMatchObject({ total: 3, list: [{ name: 'backups' }] });
  });

  it('shows a byte limit in the largest exact unit and converts back', () => {
    expect(sizeOf(5 * 1024 ** 3)).toEqual({ amount: 5, unit: 'GiB' });
    expect(sizeOf(1536 * 1024 ** 2)).toEqual({ amount: 1536, unit: 'MiB' });
    expect(sizeOf(1000)).toEqual({ amount: 0.001, unit: 'MiB' });
    expect(bytesOf(1.5, 'GiB')).toBe(1536 * 1024 ** 2);
  });

  it('gives the usage against a limit, none without one', () => {
    expect(usagePercent(50, 200)).toBe(25);
    expect(usagePercent(500, 200)).toBe(100);
    expect(usagePercent(0, 0)).toBe(100);
    expect(usagePercent(5, null)).toBeNull();
  });
});
