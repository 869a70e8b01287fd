import { Readable } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProcessorDefinition, ProcessorStep } from '@portal/contracts';
import { ImageProcessingError } from './errors.ts';
import { applyProcessor } from './pipeline.ts';
import { bombPng, brightestIn, gradientPng, pixelAt, solidPng } from './test-images.ts';

const noImages = { loadImage: async () => undefined };
const processor = (...steps: ProcessorStep[]): ProcessorDefinition => ({ name: 'test', steps });
const run = (input: Buffer, ...steps: ProcessorStep[]) => applyProcessor(input, processor(...steps), noImages);

/** The error a run fails with (the test fails if it succeeds). */
async function failureOf(promise: Promise<unknown>): Promise<ImageProcessingError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageProcessingError);
  return error as ImageProcessingError;
}

let gradient: Buffer;
beforeAll(async () => {
  gradient = await gradientPng(640, 480);
});

describe('geometry steps', () => {
  it('resizes to a width keeping the aspect ratio, and keeps the input format', async () => {
    const out = await run(gradient, { op: 'resize', width: 200 });
    expect(out).toMatchObject({ width: 200, height: 150, contentType: 'image/png' });
    expect(await sharp(out.body).metadata()).toMatchObject({ format: 'png', width: 200, height: 150, hasAlpha: false });
  });

  it('fits both sides as asked: cover and fill exactly, inside within, contain padded with transparency', async () => {
    const size = { width: 200, height: 200 };
    expect(await run(gradient, { op: 'resize', ...size, fit: 'cover' })).toMatchObject(size);
    expect(await run(gradient, { op: 'resize', ...size, fit: 'fill' })).toMatchObject(size);
    expect(await run(gradient, { op: 'resize', ...size, fit: 'inside' })).toMatchObject({ width: 200, height: 150 });
    expect(await run(gradient, { op: 'resize', ...size, fit: 'outside' })).toMatchObject({ width: 267, height: 200 });
    const contained = await run(gradient, { op: 'resize', ...size, fit: 'contain' });
    expect(contained).toMatchObject(size);
    expect((await pixelAt(contained.body, 100, 0))[3]).toBe(0);
    expect((await pixelAt(contained.body, 100, 100))[3]).toBe(255);
  });

  it('does not enlarge when asked not to', async () => {
    expect(await run(gradient, { op: 'resize', width: 2000, withoutEnlargement: true })).toMatchObject({ width: 640, height: 480 });
    expect(await run(gradient, { op: 'resize', width: 1280 })).toMatchObject({ width: 1280, height: 960 });
  });

  it('crops the rectangle asked for', async () => {
    const out = await run(gradient, { op: 'crop', left: 320, top: 240, width: 100, height: 50 });
    expect(out).toMatchObject({ width: 100, height: 50 });
    // The gradient's colour at (320, 240) is now the top-left pixel.
    expect(await pixelAt(out.body, 0, 0)).toEqual(await pixelAt(gradient, 320, 240));
  });

  it('refuses a crop reaching outside the image with a 400 naming the sizes', async () => {
    const error = await failureOf(run(gradient, { op: 'crop', left: 600, top: 0, width: 100, height: 100 }));
    expect(error).toMatchObject({ statusCode: 400, reason: 'crop-outside-image' });
    expect(error.message).toContain('640×480');
  });

  it('rotates by right angles clockwise, and by any angle onto the background colour', async () => {
    const turned = await run(gradient, { op: 'rotate', angle: 90 });
    expect(turned).toMatchObject({ width: 480, height: 640 });
    // Clockwise: the original bottom-left corner (red 0, green 255) is now top-left.
    expect((await pixelAt(turned.body, 0, 0)).slice(0, 2)).toEqual([0, 255]);
    const tilted = await run(gradient, { op: 'rotate', angle: 30, background: '#ff00ff' });
    expect(tilted.width).toBeGreaterThan(640);
    expect(await pixelAt(tilted.body, 0, 0)).toEqual([255, 0, 255, 255]);
    const transparent = await run(gradient, { op: 'rotate', angle: -30 });
    expect((await pixelAt(transparent.body, 0, 0))[3]).toBe(0);
  });

  it('runs steps in the order written', async () => {
    // 100×600 fits only after the turn to 480×640.
    const out = await run(gradient, { op: 'rotate', angle: 90 }, { op: 'crop', left: 0, top: 0, width: 100, height: 600 });
    expect(out).toMatchObject({ width: 100, height: 600 });
    const other = await run(gradient, { op: 'resize', width: 64 }, { op: 'rotate', angle: 270 });
    expect(other).toMatchObject({ width: 48, height: 64 });
  });
});

describe('watermarks', () => {
  it('draws text in the corner its gravity names and nowhere else', async () => {
    const black = await solidPng(400, 300, '#000000');
    const out = await run(black, {
      op: 'watermarkText',
      text: 'Hello',
      fontSize: 32,
      color: '#ffffff',
      opacity: 1,
      gravity: 'southeast',
      margin: 10,
    });
    expect(out).toMatchObject({ width: 400, height: 300 });
    expect(await brightestIn(out.body, { left: 250, top: 240, width: 150, height: 60 })).toBeGreaterThan(200);
    expect(await brightestIn(out.body, { left: 0, top: 0, width: 250, height: 240 })).toBe(0);
  });

  it('escapes markup in the text and lowers the ink by opacity', async () => {
    const black = await solidPng(400, 100, '#000000');
    const text = 'a <b>&"\'</svg> z';
    const faint = await run(black, { op: 'watermarkText', text, fontSize: 40, opacity: 0.3, gravity: 'center' });
    const brightest = await brightestIn(faint.body, { left: 0, top: 0, width: 400, height: 100 });
    expect(brightest).toBeGreaterThan(40);
    expect(brightest).toBeLessThan(100);
  });

  it('lays an image from the loader at its gravity, scaled and faded', async () => {
    const black = await solidPng(400, 300, '#000000');
    const red = await solidPng(50, 50, '#ff0000');
    const loaded: string[] = [];
    const loadImage = async (key: string) => (loaded.push(key), red);
    const step: ProcessorStep = { op: 'watermarkImage', key: 'logos/red.png', gravity: 'northwest', scale: 0.25, margin: 10, opacity: 1 };
    const out = await applyProcessor(black, processor(step), { loadImage });
    expect(loaded).toEqual(['logos/red.png']);
    // 25% of 400 is a 100×100 mark from (10, 10).
    expect(await pixelAt(out.body, 15, 15)).toEqual([255, 0, 0, 255]);
    expect(await pixelAt(out.body, 105, 105)).toEqual([255, 0, 0, 255]);
    expect(await pixelAt(out.body, 115, 115)).toEqual([0, 0, 0, 255]);
    expect(await brightestIn(out.body, { left: 120, top: 0, width: 280, height: 300 })).toBe(0);
    const faded = await applyProcessor(black, processor({ ...step, opacity: 0.5 }), { loadImage });
    expect((await pixelAt(faded.body, 15, 15))[0]).toBeCloseTo(128, -1);
  });

  it('refuses a watermark that is missing or no image', async () => {
    const step: ProcessorStep = { op: 'watermarkImage', key: 'nope.png' };
    const missing = await failureOf(run(gradient, step));
    expect(missing).toMatchObject({ statusCode: 400, reason: 'watermark-not-found' });
    expect(missing.message).toContain('nope.png');
    const text = await failureOf(applyProcessor(gradient, processor(step), { loadImage: async () => Buffer.from('plain text') }));
    expect(text).toMatchObject({ statusCode: 400, reason: 'watermark-not-an-image' });
  });
});

describe('output formats', () => {
  it.each([
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'heif'],
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['png', 'image/png', 'png'],
  ] as const)('converts to %s that decodes again', async (format, contentType, decodedAs) => {
    const out = await run(gradient, { op: 'resize', width: 160 }, { op: 'convert', format, quality: 70 });
    expect(out).toMatchObject({ contentType, width: 160, height: 120 });
    expect(await sharp(out.body).metadata()).toMatchObject({ format: decodedAs, width: 160, height: 120 });
    const { info } = await sharp(out.body).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 160, height: 120 });
  });

  it('makes smaller files at lower quality', async () => {
    for (const format of ['jpeg', 'webp', 'avif', 'png'] as const) {
      const high = await run(gradient, { op: 'convert', format, quality: 95 });
      const low = await run(gradient, { op: 'convert', format, quality: 10 });
      expect(low.body.length, format).toBeLessThan(high.body.length);
    }
  });

  it('uses the last convert step, and flattens transparency onto white for jpeg', async () => {
    const out = await run(gradient, { op: 'convert', format: 'webp' }, { op: 'rotate', angle: 45 }, { op: 'convert', format: 'jpeg' });
    expect(out.contentType).toBe('image/jpeg');
    expect(await pixelAt(out.body, 0, 0)).toEqual([255, 255, 255, 255]);
  });
});

describe('refused input', () => {
  it('refuses an invalid definition before reading the image', async () => {
    const injected = { op: 'watermarkText', text: 'x', color: '"/><image href="file:///etc/passwd' } as ProcessorStep;
    const error = await failureOf(run(Buffer.from('not even read'), injected));
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', reason: 'invalid-processor' });
    expect(error.message).toContain('/steps/0/color');
  });

  it('refuses a decompression bomb by its declared size, quickly', async () => {
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const error = await failureOf(run(bomb, { op: 'resize', width: 100 }));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toMatchObject({ statusCode: 413, reason: 'too-many-pixels' });
    expect(error.message).toContain('20000×20000');
  });

  it('honours a lower pixel limit', async () => {
    const options = { ...noImages, limits: { maxPixels: 640 * 480 - 1 } };
    const error = await failureOf(applyProcessor(gradient, processor({ op: 'convert', format: 'png' }), options));
    expect(error.reason).toBe('too-many-pixels');
  });

  it('refuses a step that would produce too many pixels before producing them', async () => {
    const thin = await solidPng(1, 2000, '#808080');
    const error = await failureOf(run(thin, { op: 'resize', width: 8192 }));
    expect(error).toMatchObject({ reason: 'too-many-pixels' });
    expect(error.message).toContain('resized');
  });

  it('refuses bytes that are no image with a 415 naming the problem', async () => {
    const error = await failureOf(run(Buffer.from('%PDF-1.7 not really'), { op: 'resize', width: 10 }));
    expect(error).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', reason: 'not-an-image' });
    expect(error.message).toMatch(/not an image/);
  });

  it('refuses SVG, which libvips could read but processors do not accept', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const error = await failureOf(run(svg, { op: 'resize', width: 10 }));
    expect(error.message).toContain('svg is not accepted');
  });

  it('refuses a truncated image', async () => {
    const error = await failureOf(run(gradient.subarray(0, gradient.length / 2), { op: 'resize', width: 10 }));
    expect(error.reason).toBe('not-an-image');
  });

  it('reads a stream and refuses one larger than the byte limit', async () => {
    const out = await applyProcessor(
      Readable.from([gradient.subarray(0, 1000), gradient.subarray(1000)]),
      processor({ op: 'resize', width: 64 }),
      noImages,
    );
    expect(out).toMatchObject({ width: 64, height: 48 });
    const options = { ...noImages, limits: { maxInputBytes: 1000 } };
    const error = await failureOf(applyProcessor(Readable.from([gradient]), processor({ op: 'resize', width: 64 }), options));
    expect(error).toMatchObject({ statusCode: 413, reason: 'too-large' });
  });
});

it('reports every stage as it finishes', async () => {
  const stages: string[] = [];
  await applyProcessor(gradient, processor({ op: 'resize', width: 64 }, { op: 'convert', format: 'webp' }), {
    ...noImages,
    onStage: (done, total, stage) => stages.push(`${done}/${total} ${stage}`),
  });
  expect(stages).toEqual(['1/5 read', '2/5 decode', '3/5 resize', '4/5 convert', '5/5 encode']);
});
