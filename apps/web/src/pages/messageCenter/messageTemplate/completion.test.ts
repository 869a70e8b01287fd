import { describe, expect, it } from 'vitest';
import { applyCompletion, completionAt, matching, offersAt, type Declared } from './completion.ts';

const at = (text: string) => completionAt(text, text.length);
const names = (text: string, declared: readonly Declared[]) => {
  const spot = at(text);
  return spot ? offersAt(spot, declared).map((offer) => offer.name) : null;
};

const DECLARED: Declared[] = [
  { name: 'user', description: 'Who', sample: 'Ann' },
  { name: 'order', sample: { number: 'A-1', customer: { name: 'Bo' }, items: [{ sku: 'X' }] } },
  { name: 'vip' },
];

describe('completionAt', () => {
  it('triggers right after {{, with or without a space, and on a name being typed', () => {
    expect(at('Hello {{')).toEqual({ from: 8, to: 8, query: '', path: [], output: true, needsSpace: true });
    expect(at('Hello {{ ')).toMatchObject({ from: 9, query: '', needsSpace: false });
    expect(at('Hello {{ or')).toMatchObject({ from: 9, query: 'or', output: true });
    expect(at('{{- us')).toMatchObject({ query: 'us', needsSpace: false });
  });

  it('triggers after a dot, with the path before it', () => {
    expect(at('{{ order.')).toMatchObject({ query: '', path: ['order'], needsSpace: false });
    expect(at('{{order.customer.na')).toMatchObject({ query: 'na', path: ['order', 'customer'], needsSpace: false });
    expect(at('{% for item in order.it')).toMatchObject({ query: 'it', path: ['order'], output: false });
  });

  it('triggers where a tag takes an expression', () => {
    expect(at('{% if ')).toMatchObject({ query: '', output: false });
    expect(at('{% for item in ord')).toMatchObject({ query: 'ord', output: false });
    expect(at('{% unless vi')).toMatchObject({ query: 'vi' });
  });

  it('does not trigger elsewhere', () => {
    expect(at('Hello')).toBeNull();
    expect(at('{{ order }}')).toBeNull();
    expect(at('{ ')).toBeNull();
    expect(at('{% for ')).toBeNull();
    expect(completionAt('{{ x }} tail', 3)).toMatchObject({ query: '' });
  });
});

describe('offers', () => {
  it('lists names starting with the query first, then containing it, ignoring case', () => {
    const offers = [{ name: 'userName' }, { name: 'order' }, { name: 'customerOrder' }, { name: 'vip' }];
    expect(matching(offers, 'ORD').map((offer) => offer.name)).toEqual(['order', 'customerOrder']);
  });

  it('offers the declared variables, then the properties of their samples', () => {
    expect(names('{{ ', DECLARED)).toEqual(['user', 'order', 'vip']);
    expect(names('{{ order.', DECLARED)).toEqual(['number', 'customer', 'items']);
    expect(names('{{ order.customer.', DECLARED)).toEqual(['name']);
    expect(names('{{ order.items.', DECLARED)).toEqual(['first', 'last', 'size']);
    expect(names('{{ order.items.first.', DECLARED)).toEqual(['sku']);
    expect(names('{{ user.', DECLARED)).toEqual([]);
    expect(names('{{ nobody.', DECLARED)).toEqual([]);
  });
});

describe('applyCompletion', () => {
  const complete = (text: string, name: string, caret = text.length) => {
    const spot = completionAt(text, caret);
    const offer = spot && offersAt(spot, DECLARED).find((candidate) => candidate.name === name);
    return spot && offer ? applyCompletion(text, spot, offer) : null;
  };

  it('writes the name in and closes the output when the value has no properties', () => {
    expect(complete('Hi {{', 'user')).toEqual({ text: 'Hi {{ user }}', caret: 13 });
    expect(complete('{{ order.', 'number')).toEqual({ text: '{{ order.number }}', caret: 18 });
  });

  it('leaves the output open after a value with properties, to go on with a dot', () => {
    expect(complete('Hi {{ ', 'order')).toEqual({ text: 'Hi {{ order', caret: 11 });
  });

  it('replaces what was typed and keeps an existing closing', () => {
    expect(complete('Hi {{ us }}!', 'user', 8)).toEqual({ text: 'Hi {{ user }}!', caret: 10 });
  });

  it('leaves tags to be closed by the author', () => {
    expect(complete('{% if v', 'vip')).toEqual({ text: '{% if vip', caret: 9 });
  });
});
