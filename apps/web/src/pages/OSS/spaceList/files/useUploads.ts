import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { spaceKeys } from '../api.ts';
import { useFileT } from './messages.ts';
import type { ChosenFile } from './droppedFiles.ts';
import { formatBytes, uploadTarget } from './objectKeys.ts';
import { transportFor, uploadErrorText } from './transports.ts';
import { UploadQueue, type UploadItem } from './uploadQueue.ts';

/** How many files travel at once: enough to fill the line with small files, few enough not to starve one big one. */
const CONCURRENT_UPLOADS = 3;

/**
 * The upload queue of one space's file browser, as React state. Each stored file reloads the
 * listing and the space's figures; leaving the space cancels what is still on its way.
 */
export function useUploads(bucketId: string, maxUploadBytes: number | null) {
  const t = useFileT();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  const queue = useRef<UploadQueue | null>(null);
  // The limit as the space has it now (its settings may change while the browser is open).
  const limit = useRef(maxUploadBytes);
  limit.current = maxUploadBytes;
  if (queue.current === null) {
    queue.current = new UploadQueue({
      transportFor: transportFor(bucketId),
      concurrency: CONCURRENT_UPLOADS,
      onChange: setItems,
      onStored: () => void queryClient.invalidateQueries({ queryKey: spaceKeys.one(bucketId) }),
      describeError: (error) => uploadErrorText(error, t('uploadFailed')),
      // Refused here rather than after sending it all: the server would refuse it the same way.
      refusal: (job) =>
        limit.current !== null && job.file.size > limit.current ? t('tooLarge', { limit: formatBytes(limit.current) }) : null,
    });
  }
  useEffect(() => {
    const current = queue.current;
    return () => current?.cancelAll();
  }, []);
  const uploads = queue.current;
  return {
    items,
    /** Queues files into a folder, each keeping the folders of its relative path. */
    add: (files: readonly ChosenFile[], prefix: string) =>
      uploads.add(files.map(({ file, relativePath }) => ({ file, ...uploadTarget(prefix, relativePath) }))),
    cancel: (id: number) => uploads.cancel(id),
    cancelAll: () => uploads.cancelAll(),
    clearFinished: () => uploads.clearFinished(),
  };
}
