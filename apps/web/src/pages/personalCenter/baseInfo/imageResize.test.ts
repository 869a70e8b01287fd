import { describe, expect, it } from 'vitest';
import { dataUrlBytes, encodeWithinLimit, fitWithin, ImageError } from './imageResize.ts';

describe('fitWithin', () => {
  it('shrinks the longer side to the limit and keeps the proportions', () => {
    expect(fitWithin(4000, 3000, 400)).toEqual({ width: 400, height: 300 });
    expect(fitWithin(1000, 4000, 400)).toEqual({ width: 100, height: 400 });
  });

  it('never enlarges a small picture, nor rounds a side to zero', () => {
    expect(fitWithin(120, 80, 400)).toEqual({ width: 120, height: 80 });
    expect(fitWithin(10_000, 1, 400)).toEqual({ width: 400, height: 1 });
  });
});

describe('dataUrlBytes', () => {
  it('counts the decoded bytes, padding included', () => {
    expect(dataUrlBytes('data:image/png;base64,QUJD')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,QUI=')).toBe(2);
    expect(dataUrlBytes('data:image/png;base64,QQ==')).toBe(1);
  });
});

/** A fake encoder whose output size is proportional to the area and the quality. */
const fakeEncoder = (fullBytes: number, tried: string[]) => (scale: number, quality: number) => {
  tried.push(`${scale.toFixed(3)}@${quality}`);
  const bytes = Math.round(fullBytes * scale * scale * quality);
  return `data:image/jpeg;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;
};

describe('encodeWithinLimit', () => {
  it('keeps full size and best quality when that fits', () => {
    const tried: string[] = [];
    encodeWithinLimit(fakeEncoder(1000, tried), 1000, true);
    expect(tried).toEqual(['1.000@0.9']);
  });

  it('lowers the quality before the size', () => {
    const tried: string[] = [];
    const result = encodeWithinLimit(fakeEncoder(1000, tried), 750, true);
    expect(tried).toEqual(['1.000@0.9', '1.000@0.8', '1.000@0.7']);
    expect(dataUrlBytes(result)).toBeLessThanOrEqual(750);
  });

  it('shrinks a lossless picture step by step until it fits', () => {
    const tried: string[] = [];
    const result = encodeWithinLimit(fakeEncoder(10_000, tried), 2000, false);
    expect(tried).toEqual(['1.000@1', '0.750@1', '0.563@1', '0.422@1']);
    expect(dataUrlBytes(result)).toBeLessThanOrEqual(2000);
  });

  it('gives up with an ImageError when even the smallest size is too big', () => {
    expect(() => encodeWithinLimit(() => `data:image/png;base64,${'A'.repeat(4000)}`, 10, false)).toThrow(ImageError);
  });
});
