import { RoleInput } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { rulesFromSchema, type RuleTexts } from './schemaRules.ts';

const texts: RuleTexts = {
  required: 'required',
  tooShort: (min) => `min ${min}`,
  tooLong: (max) => `max ${max}`,
  pattern: 'pattern',
};

describe('form rules from the server schema', () => {
  it('carries the code field’s length and pattern', () => {
    const rules = rulesFromSchema(RoleInput.properties.code, texts, true);
    expect(rules).toEqual([
      { required: true, whitespace: true, message: 'required' },
      { max: 64, message: 'max 64' },
      { pattern: /^[A-Za-z0-9_.-]+$/, message: 'pattern' },
    ]);
  });

  it('reads the string member of a nullable field and adds no required rule for an optional one', () => {
    expect(rulesFromSchema(RoleInput.properties.description, texts, false)).toEqual([{ max: 500, message: 'max 500' }]);
  });

  it('checks a minimum length above one', () => {
    expect(rulesFromSchema({ type: 'string', minLength: 3 }, texts, false)).toEqual([{ min: 3, message: 'min 3' }]);
  });
});
