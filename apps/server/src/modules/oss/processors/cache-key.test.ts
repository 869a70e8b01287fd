import { describe, expect, it } from 'vitest';
import { canonicalJson, processorCacheKey, watermarkKeys } from './cache-key.ts';
import type { ProcessorDefinition } from '@portal/contracts';

const thumb: ProcessorDefinition = {
  name: 'thumb',
  steps: [
    { op: 'resize', width: 200, height: 200, fit: 'cover' },
    { op: 'convert', format: 'webp', quality: 80 },
  ],
};

describe('canonicalJson', () => {
  it('sorts keys at every level, keeps array order and drops undefined properties', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson(['é', null, 'a"b'])).toBe('["é",null,"a\\"b"]');
  });
});

describe('processorCacheKey', () => {
  const key = processorCacheKey({ source: 'etag-1', definition: thumb });

  it('is a SHA-256 in hex, the same for the same steps whatever their key order or the processor name', () => {
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const reordered: ProcessorDefinition = {
      steps: [
        { fit: 'cover', height: 200, width: 200, op: 'resize' },
        { quality: 80, format: 'webp', op: 'convert' },
      ],
      name: 'renamed',
    };
    expect(processorCacheKey({ source: 'etag-1', definition: reordered })).toBe(key);
  });

  it('differs for other bytes, other steps, another step order', () => {
    expect(processorCacheKey({ source: 'etag-2', definition: thumb })).not.toBe(key);
    const lower = { ...thumb, steps: [thumb.steps[0]!, { op: 'convert' as const, format: 'webp' as const, quality: 79 }] };
    expect(processorCacheKey({ source: 'etag-1', definition: lower })).not.toBe(key);
    const swapped = { ...thumb, steps: [...thumb.steps].reverse() };
    expect(processorCacheKey({ source: 'etag-1', definition: swapped })).not.toBe(key);
  });

  it('changes when a watermark object changes, and ignores unrelated etags', () => {
    const marked: ProcessorDefinition = { name: 'marked', steps: [{ op: 'watermarkImage', key: 'logo.png' }] };
    expect(watermarkKeys(marked)).toEqual(['logo.png']);
    const first = processorCacheKey({ source: 's', definition: marked, watermarks: { 'logo.png': 'a' } });
    expect(processorCacheKey({ source: 's', definition: marked, watermarks: { 'logo.png': 'b' } })).not.toBe(first);
    expect(processorCacheKey({ source: 's', definition: marked, watermarks: { 'logo.png': 'a', 'other.png': 'x' } })).toBe(first);
  });
});
