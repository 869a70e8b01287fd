import type { CallInput, Endpoint, ResponseOf } from '@portal/contracts';
import type { AxiosProgressEvent } from 'axios';
import { callForResponse, callWith } from '../../api/call.ts';

/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*=UTF-8''…` form when
 * present (it carries non-ASCII names), else `filename="…"`, else the fallback.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/** 0–100 when the total size is known; undefined when the server did not say how big it is. */
export const progressPercent = (event: Pick<AxiosProgressEvent, 'loaded' | 'total'>): number | undefined =>
  event.total ? Math.min(100, Math.round((event.loaded / event.total) * 100)) : undefined;

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Calls an endpoint answering a file (`produces`), as a blob, reporting progress, and saves it
 * under the server's file name. `onProgress` gets the percentage, or undefined plus the bytes so
 * far when the size is unknown.
 */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> | undefined,
  options: { fallbackName: string; onProgress?: (percent: number | undefined, loaded: number) => void },
): Promise<void> {
  const response = await callForResponse(endpoint, input, {
    responseType: 'blob',
    onDownloadProgress: (event) => options.onProgress?.(progressPercent(event), event.loaded),
  });
  const disposition = response.headers['content-disposition'] as string | undefined;
  saveBlob(response.data as Blob, filenameFromDisposition(disposition, options.fallbackName));
}

/**
 * Uploads a file to an endpoint taking it as the multipart part `file`, reporting progress. Silent:
 * the dialog that uploads shows a refusal (with its rows) itself.
 */
export function uploadFile<E extends Endpoint>(
  endpoint: E,
  input: Omit<CallInput<E>, 'body'>,
  file: File,
  onProgress: (percent: number | undefined) => void,
): Promise<ResponseOf<E>> {
  const form = new FormData();
  form.append('file', file);
  return callWith(endpoint, { ...input, body: form } as CallInput<E>, {
    silent: true,
    onUploadProgress: (event) => onProgress(progressPercent(event)),
  });
}
