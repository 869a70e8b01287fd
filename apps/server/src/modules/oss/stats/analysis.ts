import type { AnalysisGranularity, BucketSizes, Capacity, FileTypes, RequestMethods, RequestSeries } from '@portal/contracts';
import { and, asc, count, desc, eq, gte, lt, sql, sum } from 'drizzle-orm';
import type { OssService } from '../context.ts';
import { ossBuckets as buckets, ossObjects as objects, ossRequestRollups as rollups } from '../tables.ts';
import { periodStarts, STEP_MS, type TimeRange } from './range.ts';
import type { BucketScope } from './scope.ts';

const total = (column: Parameters<typeof sum>[0]) => sql<number>`coalesce(${sum(column)}, 0)`.mapWith(Number);

/** Each bucket covered with its objects and bytes, most bytes first (then by name). */
function bucketTotals(service: OssService, scope: BucketScope) {
  const bytes = total(objects.size);
  return service.db
    .select({ bucketId: buckets.id, name: buckets.name, quotaBytes: buckets.quotaBytes, objects: count(objects.id), bytes })
    .from(buckets)
    .leftJoin(objects, eq(objects.bucketId, buckets.id))
    .where(scope(buckets.id))
    .groupBy(buckets.id)
    .orderBy(desc(bytes), asc(buckets.name));
}

export async function bucketSizes(service: OssService, scope: BucketScope, top: number): Promise<BucketSizes> {
  const largest = await bucketTotals(service, scope).limit(top);
  const [held] = await service.db
    .select({ objects: count(), bytes: total(objects.size) })
    .from(objects)
    .where(scope(objects.bucketId));
  const [bucketCount] = await service.db.select({ n: count() }).from(buckets).where(scope(buckets.id));
  return {
    buckets: largest.map(({ bucketId, name, objects: held, bytes }) => ({ bucketId, name, objects: held, bytes })),
    total: { buckets: bucketCount?.n ?? 0, objects: held?.objects ?? 0, bytes: held?.bytes ?? 0 },
  };
}

export async function capacity(service: OssService, scope: BucketScope): Promise<Capacity> {
  const rows = await bucketTotals(service, scope);
  const totalBytes = rows.reduce((sum, row) => sum + row.bytes, 0);
  return {
    totalBytes,
    buckets: rows.map(({ bucketId, name, bytes, quotaBytes }) => ({
      bucketId,
      name,
      bytes,
      quotaBytes,
      // A quota of 0 bytes is full from the start.
      quotaUsed: quotaBytes === null ? null : quotaBytes === 0 ? 1 : bytes / quotaBytes,
      shareOfTotal: totalBytes === 0 ? 0 : bytes / totalBytes,
    })),
  };
}

/** Objects by the part of their content type before the '/' (`image/png`: image). */
export async function fileTypes(service: OssService, scope: BucketScope): Promise<FileTypes> {
  const family = sql<string>`lower(split_part(${objects.contentType}, '/', 1))`;
  const bytes = total(objects.size);
  return service.db
    .select({ family, objects: count(), bytes })
    .from(objects)
    .where(scope(objects.bucketId))
    .groupBy(family)
    .orderBy(desc(bytes), asc(family));
}

const traffic = { requests: total(rollups.count), bytesIn: total(rollups.bytesIn), bytesOut: total(rollups.bytesOut) };
const within = (scope: BucketScope, range: TimeRange) =>
  and(scope(rollups.bucketId), gte(rollups.hour, range.from), lt(rollups.hour, range.to));

export async function requestMethods(service: OssService, scope: BucketScope, range: TimeRange): Promise<RequestMethods> {
  const methods = await service.db
    .select({ method: rollups.method, ...traffic })
    .from(rollups)
    .where(within(scope, range))
    .groupBy(rollups.method)
    .orderBy(desc(traffic.requests), asc(rollups.method));
  return { from: range.from.toISOString(), to: range.to.toISOString(), methods };
}

/** One point per UTC period of the range, the periods without requests as zeros so a chart runs on. */
export async function requestSeries(
  service: OssService,
  scope: BucketScope,
  range: TimeRange,
  granularity: AnalysisGranularity,
): Promise<RequestSeries> {
  // A constant of STEP_MS, written into the statement: a parameter would differ between SELECT and GROUP BY.
  const seconds = sql.raw(String(STEP_MS[granularity] / 1000));
  const period = sql<number>`floor(extract(epoch from ${rollups.hour}) / ${seconds}) * ${seconds}`.mapWith(Number);
  const rows = await service.db
    .select({ period, ...traffic })
    .from(rollups)
    .where(within(scope, range))
    .groupBy(period);
  const byPeriod = new Map(rows.map(({ period: at, ...figures }) => [at * 1000, figures]));
  const none = { requests: 0, bytesIn: 0, bytesOut: 0 };
  return {
    granularity,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    points: periodStarts(range, granularity).map((at) => ({ at: at.toISOString(), ...(byPeriod.get(at.getTime()) ?? none) })),
  };
}
