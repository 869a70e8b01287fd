import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt.ts';

describe('excerpt', () => {
  it('flattens whitespace and shortens long text with an ellipsis', () => {
    expect(excerpt('  one\n\ntwo  ')).toBe('one two');
    expect(excerpt('abcdefghij', 5)).toBe('abcd…');
    expect(excerpt('abcde', 5)).toBe('abcde');
  });
});
