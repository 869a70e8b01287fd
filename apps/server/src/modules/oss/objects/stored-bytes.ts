import { randomUUID } from 'node:crypto';
import type { OssService } from '../context.ts';

/** Where new bytes of a bucket go: made by the server, never from the client's key, so no key reaches the disk. */
export const newStorageKey = (bucketId: string) => `oss/${bucketId}/${randomUUID()}`;

/** Removes bytes no row points at any more; a failure leaves an orphan file, not a broken object. */
export async function deleteStoredBytes(service: Pick<OssService, 'storage'>, storageKeys: string[]): Promise<void> {
  await Promise.allSettled(storageKeys.map((key) => service.storage.delete(key)));
}

/**
 * How long a temporary file must have gone unwritten before it is reclaimed: an upload in flight
 * writes to its file all along, and another instance sharing the directory may be writing it.
 */
export const LEFTOVER_AGE_MS = 10_000;
/** Sweeps after the one at start-up: soon (the leftovers of a crash just before it), then now and then. */
const SWEEPS_MS = { first: LEFTOVER_AGE_MS + 1_000, then: 15 * 60_000 };

/** Removes the temporary files of uploads a crash interrupted. */
export async function reclaimLeftovers(service: Pick<OssService, 'storage'>): Promise<number> {
  const { leftovers } = await service.storage.listOlderThan('oss', new Date(Date.now() - LEFTOVER_AGE_MS));
  await Promise.allSettled(leftovers.map((leftover) => service.storage.removeLeftover(leftover)));
  return leftovers.length;
}

/**
 * Runs `sweep` (reclaiming what crashes and abandoned uploads leave) at start-up and then on a
 * timer, so the leftovers of a crash moments before the start (too fresh to tell from another
 * instance's upload) go too. Answers how to stop the sweeps.
 */
export async function sweepLeftovers(sweep: () => Promise<unknown>, onError: (error: unknown) => void): Promise<() => void> {
  await sweep();
  let timer: NodeJS.Timeout;
  const next = (ms: number) => {
    timer = setTimeout(() => {
      sweep().catch(onError);
      next(SWEEPS_MS.then);
    }, ms).unref();
  };
  next(SWEEPS_MS.first);
  return () => clearTimeout(timer);
}
