import { describe, expect, it } from 'vitest';
import { fromLocalInput, isFutureOrBlank, toLocalInput } from './expiry.ts';

describe('expiry of an API authorisation', () => {
  it('writes an instant as a local datetime-local value and reads it back', () => {
    const at = new Date(2031, 4, 6, 7, 8);
    expect(toLocalInput(at)).toBe('2031-05-06T07:08');
    expect(fromLocalInput('2031-05-06T07:08')).toBe(at.toISOString());
  });

  it('reads blank as never, and refuses what is no date', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput(undefined)).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeUndefined();
    expect(fromLocalInput('2031-02-30T10:00')).toBeUndefined();
  });

  it('accepts only a blank or a future instant', () => {
    const now = new Date(2030, 0, 1, 12, 0);
    expect(isFutureOrBlank('', now)).toBe(true);
    expect(isFutureOrBlank('2030-01-01T12:01', now)).toBe(true);
    expect(isFutureOrBlank('2030-01-01T12:00', now)).toBe(false);
    expect(isFutureOrBlank('2029-12-31T23:59', now)).toBe(false);
    expect(isFutureOrBlank('garbage', now)).toBe(false);
  });
});
