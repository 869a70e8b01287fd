import { multipartEndpoints } from '@portal/contracts';
import { isAxiosError } from 'axios';
import { callWith } from '../../../../api/call.ts';
import { inPool, PART_ATTEMPTS, PartProgress, PARTS_AT_ONCE, planParts, withRetries } from './multipartPlan.ts';
import type { Transport } from './uploadQueue.ts';

/** The pause before a part's next try: a second, then two. */
const retryPause = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, (attempt - 1) * 1000));

const statusOf = (error: unknown): number | undefined => (isAxiosError(error) ? error.response?.status : undefined);

/**
 * A big file through the resumable multipart routes: start an upload, PUT its parts (a few at
 * once, each tried again after a network or server failure, its bytes feeding the file's bar), then
 * complete it. A cancel or a failure aborts the upload on the server, so its parts do not linger.
 * Silent, as the single upload: the upload list shows the refusal beside the file.
 */
export const multipartUpload =
  (bucketId: string): Transport =>
  async (job, { signal, onProgress }) => {
    const quiet = { silent: true } as const;
    const { uploadId } = await callWith(
      multipartEndpoints.create,
      { params: { bucketId }, body: { key: job.prefix + job.name, ...(job.file.type ? { contentType: job.file.type } : {}) } },
      { ...quiet, signal },
    );
    const inUpload = { bucketId, uploadId };
    const progress = new PartProgress(onProgress);
    try {
      const parts = await inPool(planParts(job.file.size), PARTS_AT_ONCE, (part) =>
        withRetries(
          async () => {
            progress.report(part.partNumber, 0);
            const stored = await callWith(
              multipartEndpoints.putPart,
              { params: { ...inUpload, partNumber: part.partNumber }, body: job.file.slice(part.start, part.end) },
              {
                ...quiet,
                signal,
                headers: { 'Content-Type': 'application/octet-stream' },
                onUploadProgress: (event) => progress.report(part.partNumber, event.loaded),
              },
            );
            return { partNumber: part.partNumber, etag: stored.etag };
          },
          { attempts: PART_ATTEMPTS, signal, statusOf, wait: retryPause },
        ),
      );
      await callWith(multipartEndpoints.complete, { params: inUpload, body: { parts } }, { ...quiet, signal });
    } catch (error) {
      // Not under the cancelled signal: the abort must reach the server after a cancel too.
      await callWith(multipartEndpoints.abort, { params: inUpload }, quiet).catch(() => undefined);
      throw error;
    }
  };
