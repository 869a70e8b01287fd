import { describe, expect, it } from 'vitest';
import { passwordRuleText } from './failures.ts';
import type { AccountT } from './messages.ts';

/** A stand-in translator that shows the key and its values, so the test sees what would be worded. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as AccountT;

describe('passwordRuleText', () => {
  it('words each rule of the policy from the figures the server sends', () => {
    expect(passwordRuleText({ rule: 'minLength', min: 10 }, t)).toBe('rule.minLength {"min":10}');
    expect(passwordRuleText({ rule: 'history', count: 5 }, t)).toBe('rule.history {"count":5}');
    expect(passwordRuleText({ rule: 'common' }, t)).toBe('rule.common');
    expect(passwordRuleText({ rule: 'username', same: 1 }, t)).toBe('rule.sameAsUsername');
    expect(passwordRuleText({ rule: 'username', same: 0 }, t)).toBe('rule.containsUsername');
  });

  it('lists only the short character classes, in the order the server checks them', () => {
    const text = passwordRuleText({ rule: 'classes', digit: 2, upper: 1 }, t);
    expect(text).toBe(`rule.classes {"list":"rule.class.upper {\\"count\\":1}rule.listSeparatorrule.class.digit {\\"count\\":2}"}`);
  });

  it("keeps the server's message for a rule it does not know, and reads a rule-less refusal as the username one", () => {
    expect(passwordRuleText({ rule: 'entropy' }, t)).toBeUndefined();
    expect(passwordRuleText(undefined, t)).toBe('rule.sameAsUsername');
  });
});
