import type { AccessKeyPolicy } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { levelNeeded } from './entrust.ts';
import { actionsOf, allowsNoMoreThan, policyRefusal, type KeyRequest } from './policy.ts';
import { fromAllowedSource, parseSource } from './sources.ts';

const open: AccessKeyPolicy = { buckets: ['*'], prefixes: [], actions: ['s3:*'], expiresAt: null, sourceCidrs: [] };
const now = new Date('2026-06-01T00:00:00Z');
const get = (bucket: string, key: string): KeyRequest => ({
  action: 's3:GetObject',
  bucket,
  scope: { kind: 'object', key },
  sourceIp: '192.0.2.7',
  now,
});

describe('access key policy', () => {
  it('allows everything to a key without limits', () => {
    expect(policyRefusal(open, get('any', 'a/b'))).toBeUndefined();
  });

  it('refuses after the expiry, from outside the source ranges, other actions and other buckets', () => {
    expect(policyRefusal({ ...open, expiresAt: '2026-06-01T00:00:00Z' }, get('b', 'k'))).toBe('expired');
    expect(policyRefusal({ ...open, expiresAt: '2026-06-01T00:00:01Z' }, get('b', 'k'))).toBeUndefined();
    expect(policyRefusal({ ...open, sourceCidrs: ['10.0.0.0/8'] }, get('b', 'k'))).toBe('source');
    expect(policyRefusal({ ...open, sourceCidrs: ['10.0.0.0/8', '192.0.2.0/24'] }, get('b', 'k'))).toBeUndefined();
    expect(policyRefusal({ ...open, actions: ['s3:PutObject'] }, get('b', 'k'))).toBe('action');
    expect(policyRefusal({ ...open, buckets: ['photos'] }, get('b', 'k'))).toBe('bucket');
    expect(policyRefusal({ ...open, buckets: ['photos'] }, get('photos', 'k'))).toBeUndefined();
  });

  it('keeps a prefix-limited key to keys and listings under its prefixes, and off whole-bucket changes', () => {
    const limited = { ...open, prefixes: ['team/a/'] };
    expect(policyRefusal(limited, get('b', 'team/a/x'))).toBeUndefined();
    expect(policyRefusal(limited, get('b', 'team/ab'))).toBe('prefix');
    const list = (prefix: string): KeyRequest => ({ ...get('b', ''), action: 's3:ListBucket', scope: { kind: 'list', prefix } });
    expect(policyRefusal(limited, list('team/a/sub'))).toBeUndefined();
    expect(policyRefusal(limited, list('team/'))).toBe('prefix');
    expect(policyRefusal(limited, list(''))).toBe('prefix');
    const whole = (action: KeyRequest['action']): KeyRequest => ({ ...get('b', ''), action, scope: { kind: 'bucket' } });
    expect(policyRefusal(limited, whole('s3:DeleteBucket'))).toBe('prefix');
    expect(policyRefusal(limited, whole('s3:GetBucketLocation'))).toBeUndefined();
  });
});

describe('what a policy hands out', () => {
  const readOne: AccessKeyPolicy = { ...open, buckets: ['photos'], actions: ['s3:GetObject', 's3:ListBucket'] };

  it('needs, on each bucket it reaches, the highest level its actions need', () => {
    expect(levelNeeded(readOne)).toBe('read');
    expect(levelNeeded({ ...readOne, actions: ['s3:GetObject', 's3:PutObject'] })).toBe('write');
    expect(levelNeeded({ ...readOne, actions: ['s3:AbortMultipartUpload'] })).toBe('write');
    expect(levelNeeded(open)).toBe('admin');
    expect(levelNeeded({ ...readOne, actions: ['s3:CreateBucket'] })).toBeNull();
    // Prefixes rule out the bucket-wide changes: s3:* under a prefix deletes no bucket.
    expect(levelNeeded({ ...open, prefixes: ['a/'] })).toBe('write');
    expect(actionsOf({ ...open, prefixes: ['a/'] })).not.toContain('s3:CreateBucket');
  });

  it('counts as a narrowing only what surely allows no more', () => {
    const narrower: AccessKeyPolicy[] = [
      readOne,
      { ...open, buckets: ['photos'] },
      { ...open, actions: ['s3:GetObject'] },
      { ...open, prefixes: ['a/'] },
      { ...open, sourceCidrs: ['192.0.2.0/24'] },
      { ...open, expiresAt: '2030-01-01T00:00:00Z' },
    ];
    for (const next of narrower) expect(allowsNoMoreThan(next, open), JSON.stringify(next)).toBe(true);
    const prefixed: AccessKeyPolicy = { ...readOne, prefixes: ['a/'], sourceCidrs: ['192.0.2.0/24'], expiresAt: '2030-01-01T00:00:00Z' };
    expect(allowsNoMoreThan({ ...prefixed, prefixes: ['a/b/'] }, prefixed)).toBe(true);
    const wider: AccessKeyPolicy[] = [
      { ...prefixed, buckets: ['*'] },
      { ...prefixed, buckets: ['photos', 'other'] },
      { ...prefixed, actions: ['s3:*'] },
      { ...prefixed, actions: ['s3:GetObject', 's3:PutObject'] },
      { ...prefixed, prefixes: [] },
      { ...prefixed, prefixes: ['b/'] },
      { ...prefixed, sourceCidrs: [] },
      // Within the old range, but not worked out: checked as a widening.
      { ...prefixed, sourceCidrs: ['192.0.2.0/25'] },
      { ...prefixed, expiresAt: null },
      { ...prefixed, expiresAt: '2031-01-01T00:00:00Z' },
    ];
    for (const next of wider) expect(allowsNoMoreThan(next, prefixed), JSON.stringify(next)).toBe(false);
  });
});

describe('source ranges', () => {
  it('reads addresses and CIDR ranges of both families and refuses anything else', () => {
    expect(parseSource('10.1.2.3')).toEqual({ address: '10.1.2.3', prefix: 32, family: 'ipv4' });
    expect(parseSource('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' });
    for (const bad of ['10.0.0.0/33', '10.0.0/8', 'example.com', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x']) {
      expect(parseSource(bad), bad).toBeUndefined();
    }
  });

  it('matches IPv4 peers reported as IPv4-mapped IPv6 addresses', () => {
    expect(fromAllowedSource('::ffff:192.0.2.7', ['192.0.2.0/24'])).toBe(true);
    expect(fromAllowedSource('2001:db8::5', ['2001:db8::/32'])).toBe(true);
    expect(fromAllowedSource('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(fromAllowedSource('not an address', ['0.0.0.0/0'])).toBe(false);
  });
});
