import { describe, expect, it } from 'vitest';
import { smsFailureOf, waitAfter } from './smsErrors.ts';

describe('smsFailureOf', () => {
  it('tells a wrong code from an expired one', () => {
    expect(smsFailureOf({ code: 'SMS_CODE_INVALID', message: 'x', details: { field: 'code' } }).key).toBe('wrong');
    expect(smsFailureOf({ code: 'SMS_CODE_INVALID', message: 'x', details: { field: 'code', expired: true } }).key).toBe('expired');
  });

  it('says how long to wait, how long a lock lasts, and why the way is closed', () => {
    const tooSoon = { code: 'TOO_MANY_REQUESTS', message: 'x', details: { retryAfterSeconds: 42 } };
    expect(smsFailureOf(tooSoon)).toEqual({ key: 'tooSoon', values: { seconds: 42 } });
    expect(waitAfter(tooSoon)).toBe(42);
    expect(smsFailureOf({ code: 'ACCOUNT_LOCKED', message: 'x', details: { lockedMinutes: 7 } })).toEqual({
      key: 'locked',
      values: { minutes: 7 },
    });
    expect(smsFailureOf({ code: 'NOT_CONFIGURED', message: 'x' }).key).toBe('notConfigured');
    expect(smsFailureOf({ code: 'SIGN_IN_OPTION_OFF', message: 'x' }).key).toBe('off');
    expect(smsFailureOf(undefined).key).toBe('failed');
    expect(waitAfter(undefined)).toBe(0);
  });
});
