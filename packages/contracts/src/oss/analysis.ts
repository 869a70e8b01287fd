import { Type, type Static } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Nullable, Timestamp } from '../paging.ts';
import { OSS_PREFIX } from './prefix.ts';

/** Hours or days, in UTC: an hour or a day starts at a whole UTC hour or at 00:00 UTC. */
export const ANALYSIS_GRANULARITIES = ['hour', 'day'] as const;
export type AnalysisGranularity = (typeof ANALYSIS_GRANULARITIES)[number];
/** The longest range a series covers: 31 days by the hour, 366 by the day. */
export const ANALYSIS_MAX_SPAN_DAYS: Record<AnalysisGranularity, number> = { hour: 31, day: 366 };

/** Which buckets the figures cover: one (read level on it), or every bucket the caller may see. */
const scope = { bucketId: Type.Optional(Type.String({ format: 'uuid' })) };
/**
 * A time range, UTC: `from` is rounded down and `to` up to the granularity, `to` excluded. Without
 * them: the last 24 hours by the hour, the last 30 days by the day (the current period included).
 */
const range = {
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
};

export const AnalysisScopeQuery = Type.Object(scope);
export type AnalysisScopeQuery = Static<typeof AnalysisScopeQuery>;
export const BucketSizesQuery = Type.Object({ ...scope, top: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })) });
export type BucketSizesQuery = Static<typeof BucketSizesQuery>;
export const RequestMethodsQuery = Type.Object({ ...scope, ...range });
export type RequestMethodsQuery = Static<typeof RequestMethodsQuery>;
export const RequestSeriesQuery = Type.Object({ ...scope, ...range, granularity: Type.Optional(Type.Enum(ANALYSIS_GRANULARITIES)) });
export type RequestSeriesQuery = Static<typeof RequestSeriesQuery>;

const Count = Type.Integer({ minimum: 0 });
const Totals = { objects: Count, bytes: Count };

export const BucketSize = Type.Object({ bucketId: Type.String(), name: Type.String(), ...Totals });
/** The largest buckets by bytes (then by name), and the totals of every bucket covered. */
export const BucketSizes = Type.Object({ buckets: Type.Array(BucketSize), total: Type.Object({ buckets: Count, ...Totals }) });
export type BucketSizes = Static<typeof BucketSizes>;

export const BucketCapacity = Type.Object({
  bucketId: Type.String(),
  name: Type.String(),
  bytes: Count,
  quotaBytes: Nullable(Count),
  /** bytes / quotaBytes (0…1, more when over quota); null without a quota. */
  quotaUsed: Nullable(Type.Number()),
  /** This bucket's part of the bytes of every bucket covered (0…1; 0 when they hold nothing). */
  shareOfTotal: Type.Number(),
});
export const Capacity = Type.Object({ buckets: Type.Array(BucketCapacity), totalBytes: Count });
export type Capacity = Static<typeof Capacity>;

/** Objects by the family of their content type: `image`, `text`, `application`, … */
export const FileTypes = Type.Array(Type.Object({ family: Type.String(), ...Totals }));
export type FileTypes = Static<typeof FileTypes>;

const Traffic = { requests: Count, bytesIn: Count, bytesOut: Count };
export const RequestMethods = Type.Object({
  from: Timestamp,
  to: Timestamp,
  methods: Type.Array(Type.Object({ method: Type.String(), ...Traffic })),
});
export type RequestMethods = Static<typeof RequestMethods>;
/** One point per period from `from` to `to`, empty periods included as zeros. */
export const RequestSeries = Type.Object({
  granularity: Type.Enum(ANALYSIS_GRANULARITIES),
  from: Timestamp,
  to: Timestamp,
  points: Type.Array(Type.Object({ at: Timestamp, ...Traffic })),
});
export type RequestSeries = Static<typeof RequestSeries>;

const tags = ['oss analysis'];
const path = `${OSS_PREFIX}/v1/analysis`;
const description =
  'Covers the buckets the caller may read (owner, user and group grants), or every bucket for holders of ' +
  'OSS:statisticAnalysis:query, OSS:spaceList:query or OSS:spaceList:manage; `bucketId` narrows to one bucket ' +
  '(404 when missing, 403 without the read level). Times are UTC: an hour starts at a whole UTC hour, a day at ' +
  '00:00 UTC; `from` is rounded down and `to` up to the period, `to` excluded. Requests (REST and S3 API) are ' +
  'counted per bucket, hour and method in roll-ups written every few seconds.';
const signedIn = { access: 'signedIn', tags, description } as const;

/**
 * Statistics (page OSS > statisticAnalysis). Any signed-in user sees the buckets they may read (owner,
 * grants); holders of OSS:statisticAnalysis:query, OSS:spaceList:query or :manage see every bucket.
 * `bucketId` narrows to one bucket: 404 when it does not exist, 403 without the read level on it.
 * Requests come from roll-ups per bucket, hour and method (REST and S3 API alike).
 */
export const analysisEndpoints = {
  bucketSizes: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/bucket-sizes`,
    summary: 'The largest buckets (objects and bytes) and the totals',
    query: BucketSizesQuery,
    responses: { 200: BucketSizes, ...errorResponses(400, 403, 404) },
  }),
  capacity: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/capacity`,
    summary: "Each bucket's bytes against its quota and its share of the total",
    query: AnalysisScopeQuery,
    responses: { 200: Capacity, ...errorResponses(400, 403, 404) },
  }),
  fileTypes: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/file-types`,
    summary: 'Objects and bytes by content-type family, most bytes first',
    query: AnalysisScopeQuery,
    responses: { 200: FileTypes, ...errorResponses(400, 403, 404) },
  }),
  requestMethods: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/request-methods`,
    summary: 'Requests and traffic by HTTP method over a range (by the day)',
    query: RequestMethodsQuery,
    responses: { 200: RequestMethods, ...errorResponses(400, 403, 404) },
  }),
  requests: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/requests`,
    summary: 'Requests and traffic (bytes in and out) per hour or day over a range, empty periods as zeros',
    query: RequestSeriesQuery,
    responses: { 200: RequestSeries, ...errorResponses(400, 403, 404) },
  }),
};
