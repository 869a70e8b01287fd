import { randomUUID } from 'node:crypto';
import type { OssService } from '../context.ts';

/** Where new bytes of a bucket go: made by the server, never from the client's key, so no key reaches the disk. */
export const newStorageKey = (bucketId: string) => `oss/${bucketId}/${randomUUID()}`;

/** Removes bytes no row points at any more; a failure leaves an orphan file, not a broken object. */
export async function deleteStoredBytes(service: OssService, storageKeys: string[]): Promise<void> {
  await Promise.allSettled(storageKeys.map((key) => service.storage.delete(key)));
}

/** How old a temporary file must be before start-up reclaims it: an upload in flight writes to its file all along. */
const LEFTOVER_AGE_MS = 10_000;

/** Removes the temporary files of uploads a crash interrupted (run at start-up). */
export async function reclaimLeftovers(service: OssService): Promise<number> {
  const { leftovers } = await service.storage.listOlderThan('oss', new Date(Date.now() - LEFTOVER_AGE_MS));
  await Promise.allSettled(leftovers.map((leftover) => service.storage.removeLeftover(leftover)));
  return leftovers.length;
}
