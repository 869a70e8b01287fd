import type { BucketSizes, Capacity, FileTypes, RequestMethods, RequestSeries } from '@portal/contracts';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatBytes } from '../spaceList/files/objectKeys.ts';
import { periodLabel } from './range.ts';

export type AnalysisOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** Counts in the reader's locale, compact past ten thousand (12.3K). */
export const formatCount = (value: number): string =>
  new Intl.NumberFormat(undefined, value >= 10_000 ? { notation: 'compact', maximumFractionDigits: 1 } : {}).format(value);

/** A share (0…1) as a percentage with one decimal. */
export const formatShare = (share: number): string => `${(Math.round(share * 1000) / 10).toString()}%`;

const bytesAxis = { type: 'value', axisLabel: { formatter: (value: number) => formatBytes(value) } } as const;
const countAxis = { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => formatCount(value) } } as const;
// No ECharts aria: it would replace the container's label; AnalysisChart labels each chart with its summary.
const common = { backgroundColor: 'transparent' } as const;
const grid = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };

/** The names of the traffic series, in the reader's language. */
export interface TrafficNames {
  requests: string;
  bytesIn: string;
  bytesOut: string;
}

/** Requests (left axis) and bytes in and out (right axis) per period. */
export function trafficOption(series: RequestSeries, names: TrafficNames): AnalysisOption {
  const labels = series.points.map((point) => periodLabel(point.at, series.granularity));
  const inBytes = { yAxisIndex: 1, tooltip: { valueFormatter: (value: unknown) => formatBytes(Number(value)) } };
  return {
    ...common,
    legend: { top: 0 },
    grid,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: labels, boundaryGap: false },
    yAxis: [
      { ...countAxis, name: names.requests },
      { ...bytesAxis, name: `${names.bytesIn} / ${names.bytesOut}` },
    ],
    series: [
      { type: 'line', name: names.requests, data: series.points.map((point) => point.requests), smooth: true },
      { type: 'line', name: names.bytesIn, ...inBytes, data: series.points.map((point) => point.bytesIn) },
      { type: 'line', name: names.bytesOut, ...inBytes, data: series.points.map((point) => point.bytesOut) },
    ],
  };
}

/** Requests per HTTP method, most first. */
export function methodsOption(methods: RequestMethods['methods'], requestsName: string): AnalysisOption {
  const ranked = [...methods].sort((a, b) => b.requests - a.requests);
  return {
    ...common,
    grid: { ...grid, top: 8 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: ranked.map((entry) => entry.method) },
    yAxis: countAxis,
    series: [
      {
        type: 'bar',
        name: requestsName,
        data: ranked.map((entry) => entry.requests),
        barMaxWidth: 40,
        label: { show: true, position: 'top' },
      },
    ],
  };
}

/** A pie of shares, the figures formatted with `format` in labels and tooltips. */
function pieOption(entries: { name: string; value: number }[], seriesName: string, format: (value: number) => string): AnalysisOption {
  return {
    ...common,
    legend: { type: 'scroll', bottom: 0 },
    tooltip: {
      trigger: 'item',
      formatter: (item) => (Array.isArray(item) ? '' : `${item.name}: ${format(Number(item.value))} (${String(item.percent)}%)`),
    },
    series: [
      {
        type: 'pie',
        name: seriesName,
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: entries,
        label: { formatter: (item) => `${item.name}\n${format(Number(item.value))}` },
      },
    ],
  };
}

/** Objects by content-type family, as a pie of their count or of their bytes. */
export const fileTypesOption = (types: FileTypes, by: 'objects' | 'bytes', seriesName: string): AnalysisOption =>
  pieOption(
    types.filter((type) => type[by] > 0).map((type) => ({ name: type.family, value: type[by] })),
    seriesName,
    by === 'bytes' ? formatBytes : formatCount,
  );

/** Each bucket's part of the bytes stored. */
export const shareOption = (capacity: Capacity, seriesName: string): AnalysisOption =>
  pieOption(
    capacity.buckets.filter((bucket) => bucket.bytes > 0).map((bucket) => ({ name: bucket.name, value: bucket.bytes })),
    seriesName,
    formatBytes,
  );

export interface CapacityNames {
  stored: string;
  quota: string;
}

/** Bytes stored beside the quota, per bucket (no quota bar for a bucket without one); the quota used in the tooltip. */
export function capacityOption(capacity: Capacity, names: CapacityNames): AnalysisOption {
  const buckets = capacity.buckets;
  return {
    ...common,
    legend: { top: 0 },
    grid,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (items) => {
        const index = Array.isArray(items) ? (items[0]?.dataIndex ?? 0) : items.dataIndex;
        const bucket = buckets[index];
        if (!bucket) return '';
        const quota = bucket.quotaBytes === null ? '–' : formatBytes(bucket.quotaBytes);
        const used = bucket.quotaUsed === null ? '' : ` (${formatShare(bucket.quotaUsed)})`;
        return `${bucket.name}<br/>${names.stored}: ${formatBytes(bucket.bytes)}<br/>${names.quota}: ${quota}${used}`;
      },
    },
    xAxis: {
      type: 'category',
      data: buckets.map((bucket) => bucket.name),
      axisLabel: { interval: 0, rotate: buckets.length > 6 ? 30 : 0 },
    },
    yAxis: bytesAxis,
    series: [
      { type: 'bar', name: names.stored, data: buckets.map((bucket) => bucket.bytes), barMaxWidth: 32 },
      { type: 'bar', name: names.quota, data: buckets.map((bucket) => bucket.quotaBytes ?? '-'), barMaxWidth: 32 },
    ],
  };
}

/** The largest buckets by bytes, largest at the top, labelled in human units. */
export function largestOption(sizes: BucketSizes, seriesName: string): AnalysisOption {
  const ranked = [...sizes.buckets].sort((a, b) => b.bytes - a.bytes);
  return {
    ...common,
    grid: { ...grid, top: 8, right: 64 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value) => formatBytes(Number(value)) },
    xAxis: bytesAxis,
    yAxis: { type: 'category', inverse: true, data: ranked.map((bucket) => bucket.name) },
    series: [
      {
        type: 'bar',
        name: seriesName,
        data: ranked.map((bucket) => bucket.bytes),
        barMaxWidth: 28,
        label: { show: true, position: 'right', formatter: (item) => formatBytes(Number(item.value)) },
      },
    ],
  };
}

/** Whether a series has any traffic to draw. */
export const hasTraffic = (series: RequestSeries): boolean =>
  series.points.some((point) => point.requests > 0 || point.bytesIn > 0 || point.bytesOut > 0);

/** Figures as one line of text for screen readers: `GET 5, PUT 3`. */
export const summaryOf = (entries: readonly { name: string; value: number }[], format: (value: number) => string = formatCount): string =>
  entries.map((entry) => `${entry.name} ${format(entry.value)}`).join(', ');
