import { describe, expect, it } from 'vitest';
import type { ProcessorDefinition } from '@portal/contracts';
import { outputContentType } from './image-formats.ts';

const resize: ProcessorDefinition = { name: 'small', steps: [{ op: 'resize', width: 100 }] };
const toAvif: ProcessorDefinition = {
  name: 'avif',
  steps: [
    { op: 'convert', format: 'png' },
    { op: 'convert', format: 'avif' },
  ],
};

describe('outputContentType', () => {
  it('keeps the input type of formats written back as they are', () => {
    expect(outputContentType(resize, 'image/jpeg')).toBe('image/jpeg');
    expect(outputContentType(resize, 'IMAGE/WEBP; charset=binary')).toBe('image/webp');
    expect(outputContentType(resize, 'image/jpg')).toBe('image/jpeg');
  });

  it('writes gif and tiff as png, and follows the last convert step', () => {
    expect(outputContentType(resize, 'image/gif')).toBe('image/png');
    expect(outputContentType(resize, 'image/tiff')).toBe('image/png');
    expect(outputContentType(toAvif, 'image/gif')).toBe('image/avif');
  });

  it('has no answer for what is no accepted image', () => {
    expect(outputContentType(resize, 'image/svg+xml')).toBeUndefined();
    expect(outputContentType(toAvif, 'application/pdf')).toBeUndefined();
  });
});
