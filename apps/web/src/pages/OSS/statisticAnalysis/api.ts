import { analysisEndpoints } from '@portal/contracts';
import { call } from '../../../api/call.ts';
import type { AnalysisRange } from './range.ts';

/** How many buckets the "largest buckets" chart ranks. */
export const TOP_BUCKETS = 10;

const scoped = (bucketId: string | undefined) => (bucketId ? { bucketId } : {});

/** The page's queries, for every bucket the caller may see or one (`bucketId`), over a range for the request figures. */
export const analysisQueries = {
  sizes: (bucketId: string | undefined) => ({
    queryKey: ['oss', 'analysis', 'sizes', bucketId ?? null] as const,
    queryFn: () => call(analysisEndpoints.bucketSizes, { query: { ...scoped(bucketId), top: TOP_BUCKETS } }),
  }),
  capacity: (bucketId: string | undefined) => ({
    queryKey: ['oss', 'analysis', 'capacity', bucketId ?? null] as const,
    queryFn: () => call(analysisEndpoints.capacity, { query: scoped(bucketId) }),
  }),
  fileTypes: (bucketId: string | undefined) => ({
    queryKey: ['oss', 'analysis', 'fileTypes', bucketId ?? null] as const,
    queryFn: () => call(analysisEndpoints.fileTypes, { query: scoped(bucketId) }),
  }),
  methods: (bucketId: string | undefined, range: AnalysisRange) => ({
    queryKey: ['oss', 'analysis', 'methods', bucketId ?? null, range.from, range.to] as const,
    queryFn: () => call(analysisEndpoints.requestMethods, { query: { ...scoped(bucketId), from: range.from, to: range.to } }),
  }),
  requests: (bucketId: string | undefined, range: AnalysisRange) => ({
    queryKey: ['oss', 'analysis', 'requests', bucketId ?? null, range.from, range.to, range.granularity] as const,
    queryFn: () =>
      call(analysisEndpoints.requests, { query: { ...scoped(bucketId), from: range.from, to: range.to, granularity: range.granularity } }),
  }),
};
