import type { BucketGrantView } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { withGrants, withoutGrant } from './grants.ts';

const ann: BucketGrantView = { subjectId: 'a', name: 'Ann', level: 'read' };
const bob: BucketGrantView = { subjectId: 'b', name: 'Bob', level: 'write' };

describe('grant changes', () => {
  it('adds new subjects at the level and changes the level of present ones, keeping the rest', () => {
    expect(withGrants([ann, bob], ['a', 'c'], 'admin')).toEqual([
      { ...ann, level: 'admin' },
      bob,
      { subjectId: 'c', name: '', level: 'admin' },
    ]);
  });

  it('adds a subject picked twice once', () => {
    expect(withGrants([], ['c', 'c'], 'read')).toHaveLength(1);
  });

  it('revokes one subject', () => {
    expect(withoutGrant([ann, bob], 'a')).toEqual([bob]);
  });
});
