import { objectEndpoints } from '@portal/contracts';
import { callWith } from '../../../../api/call.ts';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';
import { MULTIPART_THRESHOLD } from './multipartPlan.ts';
import { multipartUpload } from './multipartUpload.ts';
import type { Transport, UploadJob } from './uploadQueue.ts';

/**
 * One request carrying the whole file as the multipart part `file` (POST …/upload?prefix=): the
 * server streams it to disk, checks it against the quotas and stores it under `prefix` + name.
 * Silent: the upload list shows the refusal beside the file rather than as a toast per file.
 */
export const singleUpload =
  (bucketId: string): Transport =>
  async (job, { signal, onProgress }) => {
    const form = new FormData();
    form.append('file', job.file, job.name);
    await callWith(
      objectEndpoints.upload,
      { params: { bucketId }, query: job.prefix ? { prefix: job.prefix } : {}, body: form },
      { silent: true, signal, onUploadProgress: (event) => onProgress(event.loaded) },
    );
  };

/** The transport for a file, decided here alone: files above 32 MiB travel in parts, smaller ones in one request. */
export const transportFor =
  (bucketId: string) =>
  (job: UploadJob): Transport =>
    job.file.size > MULTIPART_THRESHOLD ? multipartUpload(bucketId) : singleUpload(bucketId);

/** The server's reason for a refused upload, or the network's. */
export const uploadErrorText = (error: unknown, fallback: string): string => apiErrorOf(error)?.message ?? fallback;
