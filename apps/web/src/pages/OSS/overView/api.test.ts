import type { BucketDetails } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { rankingOf } from './api.ts';

const space = (name: string, objects: number, bytes: number) => ({ id: name, name, objects, bytes }) as BucketDetails;

describe('rankingOf', () => {
  it('ranks spaces by object count or by size in MiB', () => {
    const spaces = [space('a', 3, 1.5 * 1024 ** 2), space('b', 10, 1000)];
    expect(rankingOf(spaces, 'objects')).toEqual([
      { id: 'a', name: 'a', count: 3 },
      { id: 'b', name: 'b', count: 10 },
    ]);
    expect(rankingOf(spaces, 'mib').map((entry) => entry.count)).toEqual([1.5, 0]);
  });
});
