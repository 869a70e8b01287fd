import { describe, expect, it } from 'vitest';
import { diffValues, flatten, formatValue, ROOT_PATH, stableStringify } from './valueDiff.ts';

describe('flatten', () => {
  it('turns nested objects into dotted paths and keeps arrays whole', () => {
    const leaves = flatten({ name: 'Ops', settings: { theme: { mode: 'dark' }, tags: ['a', 'b'] }, extra: {} });
    expect([...leaves.entries()]).toEqual([
      ['name', 'Ops'],
      ['settings.theme.mode', 'dark'],
      ['settings.tags', ['a', 'b']],
      ['extra', {}],
    ]);
  });

  it('has no fields for nothing recorded, and one for a bare value', () => {
    expect(flatten(null).size).toBe(0);
    expect(flatten(undefined).size).toBe(0);
    expect([...flatten(true).entries()]).toEqual([[ROOT_PATH, true]]);
  });
});

describe('diffValues', () => {
  it('marks changed, added, removed and unchanged fields', () => {
    const rows = diffValues(
      { name: 'Ops', code: 'ops', description: 'old', org: { id: 'o1', name: 'HQ' } },
      { name: 'Operations', code: 'ops', org: { id: 'o1', name: 'HQ' }, actived: true },
    );
    expect(rows.map(({ path, kind }) => [path, kind])).toEqual([
      ['name', 'changed'],
      ['code', 'unchanged'],
      ['description', 'removed'],
      ['org.id', 'unchanged'],
      ['org.name', 'unchanged'],
      ['actived', 'added'],
    ]);
    expect(rows[0]).toEqual({ path: 'name', before: 'Ops', after: 'Operations', kind: 'changed' });
  });

  it('shows a creation as all added and a deletion as all removed', () => {
    expect(diffValues(null, { a: 1, b: 2 }).map((row) => row.kind)).toEqual(['added', 'added']);
    expect(diffValues({ a: 1 }, null).map((row) => row.kind)).toEqual(['removed']);
  });

  it('compares arrays and objects by content, not key order', () => {
    const rows = diffValues({ roles: [{ id: 1, name: 'x' }], ids: ['a', 'b'] }, { roles: [{ name: 'x', id: 1 }], ids: ['b', 'a'] });
    expect(rows.map((row) => row.kind)).toEqual(['unchanged', 'changed']);
  });
});

describe('stableStringify and formatValue', () => {
  it('gives the same text for the same content', () => {
    expect(stableStringify({ b: [1, { d: 1, c: 2 }], a: null })).toBe(stableStringify({ a: null, b: [1, { c: 2, d: 1 }] }));
  });

  it('shows text as is and the rest as JSON', () => {
    expect(formatValue('plain')).toBe('plain');
    expect(formatValue(12)).toBe('12');
    expect(formatValue(null)).toBe('null');
    expect(formatValue(undefined)).toBe('');
    expect(formatValue(['a'])).toBe('[\n  "a"\n]');
  });
});
