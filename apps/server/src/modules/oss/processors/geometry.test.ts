import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StepOf } from '@portal/contracts';
import { placeOverlay, resizedSize, rotatedSize } from './geometry.ts';

describe('resizedSize', () => {
  const from = { width: 640, height: 480 };

  it.each<StepOf<'resize'>>([
    { op: 'resize', width: 200 },
    { op: 'resize', height: 123 },
    { op: 'resize', width: 200, height: 200, fit: 'cover' },
    { op: 'resize', width: 200, height: 50, fit: 'inside' },
    { op: 'resize', width: 200, height: 50, fit: 'outside' },
    { op: 'resize', width: 333, height: 77, fit: 'fill' },
    { op: 'resize', width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true },
  ])('predicts what sharp makes of 640×480 with %o', async (step) => {
    const { op: _op, ...options } = step;
    const { info } = await sharp({ create: { ...from, channels: 3, background: '#000' } })
      .resize(options)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(resizedSize(from, step)).toEqual({ width: info.width, height: info.height });
  });
});

describe('rotatedSize', () => {
  it('swaps sides at right angles and grows the box in between', () => {
    expect(rotatedSize({ width: 640, height: 480 }, 90)).toEqual({ width: 480, height: 640 });
    expect(rotatedSize({ width: 640, height: 480 }, -180)).toEqual({ width: 640, height: 480 });
    expect(rotatedSize({ width: 100, height: 100 }, 45)).toEqual({ width: 142, height: 142 });
  });
});

describe('placeOverlay', () => {
  const base = { width: 400, height: 300 };
  const mark = { width: 100, height: 50 };

  it('puts the overlay at the side or corner its gravity names, margin pixels in', () => {
    expect(placeOverlay(base, mark, 'northwest', 10)).toEqual({ left: 10, top: 10 });
    expect(placeOverlay(base, mark, 'southeast', 10)).toEqual({ left: 290, top: 240 });
    expect(placeOverlay(base, mark, 'north', 10)).toEqual({ left: 150, top: 10 });
    expect(placeOverlay(base, mark, 'west', 10)).toEqual({ left: 10, top: 125 });
    expect(placeOverlay(base, mark, 'center', 10)).toEqual({ left: 150, top: 125 });
  });

  it('keeps the overlay inside the image whatever the margin', () => {
    expect(placeOverlay(base, mark, 'southeast', 1000)).toEqual({ left: 0, top: 0 });
    expect(placeOverlay(base, { width: 400, height: 300 }, 'northeast', 20)).toEqual({ left: 0, top: 0 });
  });
});
