import { describe, expect, it } from 'vitest';
import { stepFieldsOf } from './stepFields.ts';

describe('stepFieldsOf', () => {
  it('reads a resize step from its schema: bounded sizes, a fit choice, a switch', () => {
    expect(stepFieldsOf('resize')).toEqual([
      { name: 'width', required: false, kind: 'integer', min: 1, max: 8192 },
      { name: 'height', required: false, kind: 'integer', min: 1, max: 8192 },
      { name: 'fit', required: false, kind: 'choice', options: ['cover', 'contain', 'fill', 'inside', 'outside'] },
      { name: 'withoutEnlargement', required: false, kind: 'boolean' },
    ]);
  });

  it('tells colours from text and marks required parameters', () => {
    const fields = stepFieldsOf('watermarkText');
    expect(fields.find((field) => field.name === 'text')).toEqual({ name: 'text', required: true, kind: 'text', maxLength: 200 });
    expect(fields.find((field) => field.name === 'color')).toEqual({ name: 'color', required: false, kind: 'colour' });
    expect(stepFieldsOf('convert').map((field) => field.name)).toEqual(['format', 'quality']);
  });
});
