import type { Preferences } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { mutedPairs, sameMutes, withReceiving } from './preferences.ts';

const table: Preferences = [
  { classificationId: 'a', code: 'orders', name: 'Orders', muted: { email: true, sms: false } },
  { classificationId: 'b', code: 'security', name: 'Security', muted: { email: false, sms: false } },
];

describe('notification preferences', () => {
  it('lists the muted pairs of a table', () => {
    expect(mutedPairs(table)).toEqual([{ classificationId: 'a', channelType: 'email' }]);
  });

  it('changes one switch, leaving the rest', () => {
    const next = withReceiving(table, 'b', 'sms', false);
    expect(mutedPairs(next)).toEqual([
      { classificationId: 'a', channelType: 'email' },
      { classificationId: 'b', channelType: 'sms' },
    ]);
    expect(mutedPairs(withReceiving(next, 'a', 'email', true))).toEqual([{ classificationId: 'b', channelType: 'sms' }]);
    expect(table[1]?.muted.sms).toBe(false);
  });

  it('compares tables by what they mute', () => {
    expect(sameMutes(table, withReceiving(table, 'a', 'email', false))).toBe(true);
    expect(sameMutes(table, withReceiving(table, 'a', 'email', true))).toBe(false);
  });
});
