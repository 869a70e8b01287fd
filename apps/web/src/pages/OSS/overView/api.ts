import { bucketEndpoints, type BucketDetails, type OssOverview } from '@portal/contracts';
import { call } from '../../../api/call.ts';
import type { TopEntry } from '../../systemManage/overView/api.ts';

/** The charts rank at most this many spaces: each one's figures are a call of its own until a ranking endpoint exists. */
export const RANKED_SPACES = 20;

export const ossOverviewQueries = {
  figures: { queryKey: ['oss', 'overview'] as const, queryFn: (): Promise<OssOverview> => call(bucketEndpoints.overview) },
  /** The first spaces by name with their object counts and bytes. */
  spaces: {
    queryKey: ['oss', 'buckets', 'overview-ranking'] as const,
    queryFn: async (): Promise<BucketDetails[]> => {
      const spaces = (await call(bucketEndpoints.list)).slice(0, RANKED_SPACES);
      return Promise.all(spaces.map((space) => call(bucketEndpoints.get, { params: { bucketId: space.id } })));
    },
  },
};

const MIB = 1024 ** 2;

/** The spaces as chart bars: by object count, or by size in MiB (two decimals). */
export const rankingOf = (spaces: readonly BucketDetails[], by: 'objects' | 'mib'): TopEntry[] =>
  spaces.map((space) => ({
    id: space.id,
    name: space.name,
    count: by === 'objects' ? space.objects : Math.round((space.bytes / MIB) * 100) / 100,
  }));
