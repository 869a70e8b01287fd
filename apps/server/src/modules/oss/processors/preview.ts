import type { ProcessorPreview } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { checkKey, fileNameOf } from '../objects/keys.ts';
import { objectAt } from '../objects/rows.ts';
import type { ImageLimits } from './image-limits.ts';
import { assertImage, bucketImages, clientGone, imageHeaders, processObject } from './processed-download.ts';
import { applyProcessor } from './pipeline.ts';
import { sampleImage } from './sample-image.ts';
import { checkedDefinition } from './store.ts';

/** A preview is interactive: it takes smaller images than a download does (413 beyond), so it answers quickly. */
export const PREVIEW_LIMITS: ImageLimits = { maxPixels: 40_000_000, maxInputBytes: 32 * 1024 * 1024 };

/** Steps over an object of the bucket (or the sample image), answered as the image; nothing is stored or cached. */
export async function previewProcessor(service: OssService, bucket: BucketRow, input: ProcessorPreview, reply: FastifyReply) {
  const definition = checkedDefinition({ name: 'preview', steps: input.steps });
  const signal = clientGone(reply);
  let result;
  let name = 'sample.jpg';
  if (input.key === undefined) {
    const sample = await sampleImage();
    result = await applyProcessor(sample, definition, { loadImage: bucketImages(service, bucket.id), limits: PREVIEW_LIMITS, signal });
  } else {
    const row = await objectAt(service.db, bucket.id, checkKey(input.key, 'file', 'body.key'));
    assertImage(row, definition);
    result = await processObject(service, row, definition, PREVIEW_LIMITS, signal);
    name = fileNameOf(row.key);
  }
  return imageHeaders(reply, result.contentType, name)
    .header('cache-control', 'no-store')
    .header('x-image-width', result.width)
    .header('x-image-height', result.height)
    .header('content-length', result.body.length)
    .send(result.body);
}
