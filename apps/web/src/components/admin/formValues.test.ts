import { describe, expect, it } from 'vitest';
import { toInput } from './formValues.ts';

describe('toInput', () => {
  it('trims text, turns blank optional text into null and keeps other values', () => {
    const input = toInput(
      { username: ' ann ', name: 'Ann', email: '  ', phone: undefined, orgId: null, sort: 3 },
      { nullable: ['email', 'phone', 'orgId'] },
    );
    expect(input).toEqual({ username: 'ann', name: 'Ann', email: null, phone: null, orgId: null, sort: 3 });
  });

  it('leaves out a cleared value that cannot be null (an emptied number field)', () => {
    expect(toInput({ name: 'Desk', sort: null }, { nullable: ['description'] })).toEqual({ name: 'Desk' });
  });

  it('leaves passwords as typed and drops a blank one', () => {
    expect(toInput({ password: ' secret pass ' }, { verbatim: ['password'] })).toEqual({ password: ' secret pass ' });
    expect(toInput({ password: '' }, { verbatim: ['password'] })).toEqual({});
  });
});
