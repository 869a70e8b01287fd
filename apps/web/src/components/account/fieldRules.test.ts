import { describe, expect, it } from 'vitest';
import { accountFieldProblem } from './fieldRules.ts';
import type { AccountT } from './messages.ts';

// The key (and its values) instead of a translation, so the test reads which message was chosen.
const t = ((key: string, values?: object) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as AccountT;

describe('accountFieldProblem', () => {
  it('accepts what the registration schema accepts', () => {
    expect(accountFieldProblem('username', 'new.person_1@x-y', t)).toBeUndefined();
    expect(accountFieldProblem('email', 'someone@example.test', t)).toBeUndefined();
    expect(accountFieldProblem('phone', '+44 7700-900123', t)).toBeUndefined();
    expect(accountFieldProblem('password', 'eight888', t)).toBeUndefined();
    expect(accountFieldProblem('code', '012345', t)).toBeUndefined();
  });

  it('names the field-specific rule that a value breaks', () => {
    expect(accountFieldProblem('username', 'no spaces', t)).toBe('rule.username');
    expect(accountFieldProblem('username', 'ab', t)).toBe('rule.min {"min":3}');
    expect(accountFieldProblem('phone', 'call me', t)).toBe('rule.phone');
    expect(accountFieldProblem('email', 'nope', t)).toBe('rule.email');
    expect(accountFieldProblem('password', 'short', t)).toBe('rule.min {"min":8}');
    expect(accountFieldProblem('code', '12345a', t)).toBe('rule.code');
    expect(accountFieldProblem('name', '   ', t)).toBe('rule.name');
  });

  it('lets an optional field stay blank but not a required one', () => {
    expect(accountFieldProblem('phone', '', t, false)).toBeUndefined();
    expect(accountFieldProblem('email', '', t)).toBe('rule.required');
  });
});
