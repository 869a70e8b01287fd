import { ACCESS_KEY_ACTIONS, type AccessKeyPolicy } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  ACTION_GROUPS,
  expiryAhead,
  fromLocalInput,
  fromPolicy,
  summarise,
  toLocalInput,
  toPolicy,
  type PolicyFormValues,
} from './policyForm.ts';

const narrow: AccessKeyPolicy = {
  buckets: ['photos'],
  prefixes: ['2026/'],
  actions: ['s3:ListBucket', 's3:GetObject'],
  expiresAt: '2030-01-02T03:04:00.000Z',
  sourceCidrs: ['10.0.0.0/8'],
};

describe('action groups', () => {
  it('put every S3 action of the contracts in exactly one group', () => {
    const grouped = Object.values(ACTION_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...ACCESS_KEY_ACTIONS].sort());
  });
});

describe('policy form ⇄ API', () => {
  it('round-trips a narrow policy, actions in the contracts order', () => {
    expect(toPolicy(fromPolicy(narrow))).toEqual({ ...narrow, actions: ['s3:ListBucket', 's3:GetObject'] });
  });

  it('sends the switches as * and s3:*, whatever else is ticked', () => {
    const values: PolicyFormValues = { ...fromPolicy(narrow), allBuckets: true, allActions: true };
    expect(toPolicy(values)).toMatchObject({ buckets: ['*'], actions: ['s3:*'] });
  });

  it('shows * and s3:* as the switches on, every action ticked', () => {
    const values = fromPolicy({ ...narrow, buckets: ['*'], actions: ['s3:*'], expiresAt: null });
    expect(values).toMatchObject({ allBuckets: true, buckets: [], allActions: true, expiresAt: '' });
    expect(values.actions).toHaveLength(ACCESS_KEY_ACTIONS.length);
  });

  it('trims list entries and drops blanks and duplicates', () => {
    const values: PolicyFormValues = { ...fromPolicy(narrow), prefixes: [' a/ ', 'a/', ''], sourceCidrs: ['10.0.0.0/8 ', '10.0.0.0/8'] };
    expect(toPolicy(values)).toMatchObject({ prefixes: ['a/'], sourceCidrs: ['10.0.0.0/8'] });
  });
});

describe('expiry', () => {
  it('converts between datetime-local values and instants in the browser time zone', () => {
    const local = toLocalInput('2030-01-02T03:04:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe('2030-01-02T03:04:00.000Z');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });

  it('must lie ahead when given', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(expiryAhead('', now)).toBe(true);
    expect(expiryAhead(toLocalInput('2030-01-01T00:01:00Z'), now)).toBe(true);
    expect(expiryAhead(toLocalInput('2029-12-31T23:59:00Z'), now)).toBe(false);
  });
});

describe('summarise', () => {
  it('names the buckets and the action groups held fully or in part', () => {
    expect(summarise(narrow)).toEqual({
      buckets: ['photos'],
      actions: [
        { group: 'read', full: false },
        { group: 'list', full: false },
      ],
      prefixes: 1,
      sources: 1,
    });
    expect(summarise({ ...narrow, buckets: ['*'], actions: ['s3:*'] })).toMatchObject({ buckets: 'all', actions: 'all' });
  });
});
