import { BaseMapInput, GroupInput, UserInput } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { checkField, type RuleMessages } from './schemaRules.ts';

const messages: RuleMessages = {
  required: 'required',
  min: (min) => `min ${min}`,
  max: (max) => `max ${max}`,
  pattern: 'pattern',
  email: 'email',
};

describe('checkField with the contracts schemas', () => {
  it('applies the username bounds and pattern of UserInput', () => {
    expect(checkField(UserInput, 'username', '', messages)).toBe('required');
    expect(checkField(UserInput, 'username', 'ab', messages)).toBe('min 3');
    expect(checkField(UserInput, 'username', 'a'.repeat(65), messages)).toBe('max 64');
    expect(checkField(UserInput, 'username', 'ann smith', messages)).toBe('pattern');
    expect(checkField(UserInput, 'username', 'ann.smith@corp', messages)).toBeUndefined();
  });

  it('lets blank optional fields through and checks them when filled', () => {
    expect(checkField(UserInput, 'email', '', messages)).toBeUndefined();
    expect(checkField(UserInput, 'email', null, messages)).toBeUndefined();
    expect(checkField(UserInput, 'email', 'not-an-address', messages)).toBe('email');
    expect(checkField(UserInput, 'email', 'ann@example.com', messages)).toBeUndefined();
    expect(checkField(UserInput, 'phone', '12', messages)).toBe('pattern');
    expect(checkField(UserInput, 'phone', '+86 138-0000-0000', messages)).toBeUndefined();
  });

  it('makes an optional field required when asked (password on create)', () => {
    expect(checkField(UserInput, 'password', '', messages)).toBeUndefined();
    expect(checkField(UserInput, 'password', '', messages, true)).toBe('required');
    expect(checkField(UserInput, 'password', 'short', messages, true)).toBe('min 8');
  });

  it('treats whitespace-only as blank and applies the code pattern of GroupInput', () => {
    expect(checkField(GroupInput, 'name', '   ', messages)).toBe('required');
    expect(checkField(GroupInput, 'code', 'sales team', messages)).toBe('pattern');
    expect(checkField(GroupInput, 'description', 'x'.repeat(501), messages)).toBe('max 500');
  });

  it('takes only the values of an enumerated field (BaseMapInput.type)', () => {
    expect(checkField(BaseMapInput, 'type', 'WMTS', messages)).toBeUndefined();
    expect(checkField(BaseMapInput, 'type', 'TMS', messages)).toBe('pattern');
    expect(checkField(BaseMapInput, 'type', '', messages)).toBe('required');
  });
});
