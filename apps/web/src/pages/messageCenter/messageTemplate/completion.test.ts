import { describe, expect, it } from 'vitest';
import { applyCompletion, completionAt, matchingNames } from './completion.ts';

const at = (text: string) => completionAt(text, text.length);

describe('completionAt', () => {
  it('triggers right after {{, with or without a space, and on a name being typed', () => {
    expect(at('Hello {{')).toEqual({ from: 8, to: 8, query: '', output: true, needsSpace: true });
    expect(at('Hello {{ ')).toMatchObject({ from: 9, query: '', needsSpace: false });
    expect(at('Hello {{ or')).toMatchObject({ from: 9, query: 'or', output: true });
    expect(at('{{- us')).toMatchObject({ query: 'us', needsSpace: false });
  });

  it('triggers where a tag takes an expression', () => {
    expect(at('{% if ')).toMatchObject({ query: '', output: false });
    expect(at('{% for item in ord')).toMatchObject({ query: 'ord', output: false });
    expect(at('{% unless vi')).toMatchObject({ query: 'vi' });
  });

  it('does not trigger elsewhere', () => {
    expect(at('Hello')).toBeNull();
    expect(at('{{ order }}')).toBeNull();
    expect(at('{{ order.')).toBeNull();
    expect(at('{ ')).toBeNull();
    expect(at('{% for ')).toBeNull();
    expect(completionAt('{{ x }} tail', 3)).toMatchObject({ query: '' });
  });
});

describe('matchingNames', () => {
  it('lists names starting with the query first, then containing it, ignoring case', () => {
    expect(matchingNames(['userName', 'order', 'customerOrder', 'vip'], 'ORD')).toEqual(['order', 'customerOrder']);
    expect(matchingNames(['a', 'b'], '')).toEqual(['a', 'b']);
  });
});

describe('applyCompletion', () => {
  it('writes the name in and closes the output', () => {
    const text = 'Hi {{';
    const spot = at(text);
    expect(spot && applyCompletion(text, spot, 'user')).toEqual({ text: 'Hi {{ user }}', caret: 13 });
  });

  it('replaces what was typed and keeps an existing closing', () => {
    const text = 'Hi {{ us }}!';
    const spot = completionAt(text, 8);
    expect(spot && applyCompletion(text, spot, 'user')).toEqual({ text: 'Hi {{ user }}!', caret: 10 });
  });

  it('leaves tags to be closed by the author', () => {
    const text = '{% if v';
    const spot = at(text);
    expect(spot && applyCompletion(text, spot, 'vip')).toEqual({ text: '{% if vip', caret: 9 });
  });
});
