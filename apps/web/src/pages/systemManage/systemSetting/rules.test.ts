import { DEFAULT_SETTINGS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { authProblems, safeProblems, type RuleTexts } from './rules.ts';

const texts: RuleTexts = { signInNeedsPassword: 'needs password', classesOverLength: (required, min) => `${required} > ${min}` };
const { auth, safe } = DEFAULT_SETTINGS;

describe('authProblems', () => {
  it('lets a QR code go only beside password or SMS-code sign-in', () => {
    expect(authProblems(auth, texts)).toEqual([]);
    const qrOnly = { ...auth, signInOptions: { ...auth.signInOptions, password: false, smsCode: false } };
    expect(authProblems(qrOnly, texts)).toEqual([{ path: ['signInOptions', 'password'], message: 'needs password' }]);
    const smsOnly = { ...auth, signInOptions: { ...auth.signInOptions, password: false, smsCode: true } };
    expect(authProblems(smsOnly, texts)).toEqual([]);
  });
});

describe('safeProblems', () => {
  it('refuses character classes that ask for more than the minimum length', () => {
    const ask = (minLength: number, count: number) =>
      safeProblems(
        { ...safe, password: { ...safe.password, minLength, requireClasses: { lower: count, upper: count, digit: count, symbol: 0 } } },
        texts,
      );
    expect(ask(9, 3)).toEqual([]);
    expect(ask(8, 3)).toEqual([{ path: ['password', 'minLength'], message: '9 > 8' }]);
  });
});
