import { DEFAULT_SETTINGS, type PasswordPolicy } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { brokenRule } from './rules.ts';

const policy = (change: Partial<PasswordPolicy> = {}): PasswordPolicy => ({ ...DEFAULT_SETTINGS.safe.password, ...change });
const classes = (required: Partial<PasswordPolicy['requireClasses']>) =>
  policy({ requireClasses: { lower: 0, upper: 0, digit: 0, symbol: 0, ...required } });

describe('the password rules that need no look-up', () => {
  it('count characters as code points against minLength', () => {
    expect(brokenRule('short-1', 'ann', policy())).toEqual({
      rule: 'minLength',
      message: 'The password must have at least 8 characters',
      figures: { min: 8 },
    });
    expect(brokenRule('😀😀😀😀😀😀😀', 'ann', policy())?.rule).toBe('minLength');
    expect(brokenRule('😀😀😀😀😀😀😀😀', 'ann', policy())).toBeUndefined();
    expect(brokenRule('twelve-chars', 'ann', policy({ minLength: 13 }))?.rule).toBe('minLength');
  });

  it('name every character class that is short, with its count', () => {
    const required = classes({ lower: 1, upper: 1, digit: 2, symbol: 1 });
    expect(brokenRule('abcdefgh', 'ann', required)).toEqual({
      rule: 'classes',
      message: 'The password must contain at least 1 upper-case letter, 2 digits and 1 symbol',
      figures: { upper: 1, digit: 2, symbol: 1 },
    });
    expect(brokenRule('Abcdefg1', 'ann', required)?.message).toBe('The password must contain at least 2 digits and 1 symbol');
    expect(brokenRule('Abcdef12!', 'ann', required)).toBeUndefined();
    // Letters and digits of any script count; anything else is a symbol.
    expect(brokenRule('Ünïcödé٣٤ ', 'ann', required)).toBeUndefined();
  });

  it('always refuse the username itself, and a password containing it when the policy says so', () => {
    expect(brokenRule('Ann-Smith', 'ann-smith', policy())).toEqual({
      rule: 'username',
      message: 'The password must not be the same as the username',
      figures: { same: 1 },
    });
    expect(brokenRule('my-ann-smith-1', 'ann-smith', policy())).toBeUndefined();
    expect(brokenRule('my-ANN-smith-1', 'ann-smith', policy({ notContainingUsername: true }))).toEqual({
      rule: 'username',
      message: 'The password must not contain the username',
      figures: { same: 0 },
    });
  });
});
