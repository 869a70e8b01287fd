import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { JobContext } from '../../../platform/jobs/runner.ts';
import { convertLarge, createConversionJobHandler, type ConversionJobDeps, type ConversionProgress } from './conversion-job.ts';
import type { ProcessorDefinition } from '@portal/contracts';
import type { ProcessedImage } from './encode-image.ts';
import { gradientPng } from './test-images.ts';

const toWebp: ProcessorDefinition = {
  name: 'web',
  steps: [
    { op: 'resize', width: 1000 },
    { op: 'rotate', angle: 90 },
    { op: 'convert', format: 'webp', quality: 60 },
  ],
};

describe('convertLarge', () => {
  it('reports every stage in order with a rising percentage and returns the result', async () => {
    const seen: ConversionProgress[] = [];
    const result = await convertLarge(await gradientPng(2000, 1500), toWebp, { loadImage: async () => undefined }, (p) => seen.push(p));
    expect(seen.map((p) => `${p.stage} ${p.done}/${p.total} ${p.percent}%`)).toEqual([
      'start 0/6 0%',
      'read 1/6 16%',
      'decode 2/6 33%',
      'resize 3/6 50%',
      'rotate 4/6 66%',
      'convert 5/6 83%',
      'encode 6/6 100%',
    ]);
    expect(result).toMatchObject({ contentType: 'image/webp', width: 750, height: 1000 });
    expect(await sharp(result.body).metadata()).toMatchObject({ format: 'webp', width: 750, height: 1000 });
  });
});

/** An in-memory bucket and a record of what the handler told. */
function harness(objects: Record<string, Buffer>) {
  const written = new Map<string, { result: ProcessedImage; idempotencyKey: string }>();
  const progress: number[] = [];
  const refusals: string[] = [];
  const deps: ConversionJobDeps = {
    readObject: async (bucket, key) => (bucket === 'b' ? objects[key] : undefined),
    writeObject: async (_bucket, key, result, idempotencyKey) => void written.set(key, { result, idempotencyKey }),
    progress: (_jobId, p) => void progress.push(p.percent),
    refused: (_jobId, error) => void refusals.push(error.message),
  };
  return { handler: createConversionJobHandler(deps), written, progress, refusals };
}

const job = (payload: unknown): JobContext => ({ jobId: 'j1', payload, idempotencyKey: 'k1', attempt: 1 });

describe('createConversionJobHandler', () => {
  it('converts the source into the target with progress', async () => {
    const { handler, written, progress, refusals } = harness({ 'big.png': await gradientPng(1200, 900) });
    await handler(job({ bucket: 'b', source: 'big.png', target: 'big.webp', processor: toWebp }));
    expect(refusals).toEqual([]);
    expect(progress.at(-1)).toBe(100);
    expect(written.get('big.webp')).toMatchObject({
      idempotencyKey: 'k1',
      result: { contentType: 'image/webp', width: 750, height: 1000 },
    });
  });

  it('refuses, without retrying, a malformed payload, a missing source and a source that is no image', async () => {
    const { handler, written, refusals } = harness({ 'notes.txt': Buffer.from('hello') });
    await handler(job({ bucket: 'b', source: 'x.png', target: 'y', processor: { name: 'Bad', steps: [] } }));
    await handler(job({ bucket: 'b', source: 'gone.png', target: 'y', processor: toWebp }));
    await handler(job({ bucket: 'b', source: 'notes.txt', target: 'y', processor: toWebp }));
    expect(written.size).toBe(0);
    expect(refusals).toHaveLength(3);
    expect(refusals[0]).toContain('processor/name: name must match');
    expect(refusals[1]).toBe("The object 'gone.png' does not exist in bucket 'b'");
    expect(refusals[2]).toContain('not an image');
  });

  it('rejects (so the runner retries) when storage fails', async () => {
    const failing = createConversionJobHandler({
      readObject: async () => {
        throw new Error('disk unavailable');
      },
      writeObject: async () => undefined,
      progress: () => undefined,
      refused: () => undefined,
    });
    await expect(failing(job({ bucket: 'b', source: 's', target: 't', processor: toWebp }))).rejects.toThrow('disk unavailable');
  });
});
