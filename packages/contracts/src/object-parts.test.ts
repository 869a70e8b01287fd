import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { omitProperties, pickProperties } from './object-parts.ts';

const Item = Type.Object({ id: Type.String(), name: Type.String({ maxLength: 10 }), note: Type.Optional(Type.String()) });

describe('object parts', () => {
  it('picks the named properties, schemas unchanged, optional ones still optional', () => {
    const picked = pickProperties(Item, ['name', 'note']);
    expect(Object.keys(picked.properties)).toEqual(['name', 'note']);
    expect(picked.properties.name).toBe(Item.properties.name);
    expect(picked.required).toEqual(['name']);
  });

  it('omits the named properties and keeps the rest', () => {
    const left = omitProperties(Item, ['note']);
    expect(Object.keys(left.properties)).toEqual(['id', 'name']);
    expect(left.required).toEqual(['id', 'name']);
  });
});
