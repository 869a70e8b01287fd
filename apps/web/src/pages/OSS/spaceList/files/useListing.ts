import type { StoredObject } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { spaceApi, spaceKeys } from '../api.ts';

/** A row of the browser: a folder (a common prefix) or a file. */
export type Entry = { kind: 'folder'; key: string } | { kind: 'file'; key: string; object: StoredObject };

export const PAGE_SIZES = [50, 100, 200] as const;

/**
 * One folder's listing a page at a time. The server pages by cursor (`next`, passed back as
 * `startAfter`), so the pages seen are kept as a stack of cursors: forward pushes, back pops.
 * Mount it again (a `key`) for another folder.
 */
export function useListing(bucketId: string, prefix: string) {
  const [cursors, setCursors] = useState<string[]>([]);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[1]);
  const startAfter = cursors.at(-1);
  const listing = useQuery({
    queryKey: [...spaceKeys.listing(bucketId), prefix, startAfter ?? '', limit],
    queryFn: () => spaceApi.listing(bucketId, { prefix, startAfter, limit }),
    placeholderData: keepPreviousData,
  });
  const data = listing.data;
  const entries: Entry[] = data
    ? [
        ...data.prefixes.filter((key) => key !== prefix).map((key) => ({ kind: 'folder' as const, key })),
        // The folder's own marker (an empty object named like the folder) is the folder itself, not a file in it.
        ...data.objects.filter((object) => object.key !== prefix).map((object) => ({ kind: 'file' as const, key: object.key, object })),
      ]
    : [];
  const next = data?.next ?? null;
  return {
    listing,
    entries,
    page: cursors.length + 1,
    limit,
    setLimit: (size: number) => {
      setLimit(size);
      setCursors([]);
    },
    next: next ? () => setCursors((stack) => [...stack, next]) : undefined,
    previous: cursors.length > 0 ? () => setCursors((stack) => stack.slice(0, -1)) : undefined,
  };
}
