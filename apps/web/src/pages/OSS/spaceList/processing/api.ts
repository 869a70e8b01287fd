import {
  processorEndpoints,
  type ConversionStart,
  type ImportConflictPolicy,
  type ProcessorInput,
  type ProcessorStep,
} from '@portal/contracts';
import { isAxiosError } from 'axios';
import { call, callForResponse } from '../../../../api/call.ts';

/** Query keys of a space's processors, under the space's own root so a change to the space reloads them too. */
export const processorKeys = {
  list: (bucketId: string) => ['oss', 'buckets', 'one', bucketId, 'processors'] as const,
  conversion: (bucketId: string, id: string) => ['oss', 'buckets', 'one', bucketId, 'conversions', id] as const,
};

const inBucket = (bucketId: string) => ({ params: { bucketId } });

/** A rendered preview: the image as a blob and its size as the server measured it. */
export interface PreviewImage {
  blob: Blob;
  width: number;
  height: number;
}

/**
 * A refusal of a call that asked for a blob arrives as a blob too: read it back as the JSON error
 * body it is, so `apiErrorOf` (and the step problems it carries) work as for any other call.
 */
async function withJsonErrorBody(error: unknown): Promise<never> {
  if (isAxiosError(error) && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text()) as unknown;
    } catch {
      // Not JSON: the error stays as it came.
    }
  }
  throw error;
}

export const processorApi = {
  list: (bucketId: string) => call(processorEndpoints.list, inBucket(bucketId)),
  create: (bucketId: string, body: ProcessorInput) => call(processorEndpoints.create, { ...inBucket(bucketId), body }),
  update: (bucketId: string, processorId: string, body: ProcessorInput) =>
    call(processorEndpoints.update, { params: { bucketId, processorId }, body }),
  remove: (bucketId: string, processorId: string) => call(processorEndpoints.remove, { params: { bucketId, processorId } }),
  /** Silent: the editor shows a refusal beside the step it names, not as a toast per keystroke. */
  preview: async (bucketId: string, steps: ProcessorStep[], key: string | undefined, signal: AbortSignal): Promise<PreviewImage> => {
    const response = await callForResponse(
      processorEndpoints.preview,
      { ...inBucket(bucketId), body: { steps, ...(key ? { key } : {}) } },
      { responseType: 'blob', silent: true, signal },
    ).catch(withJsonErrorBody);
    return {
      blob: response.data as unknown as Blob,
      width: Number(response.headers['x-image-width']),
      height: Number(response.headers['x-image-height']),
    };
  },
  exportText: async (bucketId: string): Promise<string> =>
    (await callForResponse(processorEndpoints.exportText, inBucket(bucketId), { responseType: 'text' })).data as unknown as string,
  /** Silent: the import dialog lists the refused lines itself. */
  importText: (bucketId: string, text: string, onConflict: ImportConflictPolicy) =>
    call(processorEndpoints.importText, { ...inBucket(bucketId), body: { text, onConflict } }, { silent: true }),
  startConversion: (bucketId: string, body: ConversionStart) => call(processorEndpoints.startConversion, { ...inBucket(bucketId), body }),
  conversion: (bucketId: string, conversionId: string) => call(processorEndpoints.conversion, { params: { bucketId, conversionId } }),
};
