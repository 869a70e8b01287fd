import type { Capacity, RequestSeries } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  capacityOption,
  fileTypesOption,
  formatShare,
  hasTraffic,
  largestOption,
  methodsOption,
  summaryOf,
  trafficOption,
} from './chartOptions.ts';

const series: RequestSeries = {
  granularity: 'day',
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-03T00:00:00.000Z',
  points: [
    { at: '2026-11-01T00:00:00.000Z', requests: 0, bytesIn: 0, bytesOut: 0 },
    { at: '2026-11-02T00:00:00.000Z', requests: 4, bytesIn: 2048, bytesOut: 0 },
  ],
};
const names = { requests: 'Requests', bytesIn: 'In', bytesOut: 'Out' };
const seriesOf = (option: { series?: unknown }) => option.series as { name?: string; data: unknown[] }[];

describe('chart options', () => {
  it('draws requests and both traffic directions over the periods', () => {
    const option = trafficOption(series, names);
    expect(seriesOf(option).map((entry) => [entry.name, entry.data])).toEqual([
      ['Requests', [0, 4]],
      ['In', [0, 2048]],
      ['Out', [0, 0]],
    ]);
    expect(hasTraffic(series)).toBe(true);
    expect(hasTraffic({ ...series, points: series.points.slice(0, 1) })).toBe(false);
  });

  it('ranks methods and the largest buckets, most first', () => {
    const methods = methodsOption(
      [
        { method: 'PUT', requests: 1, bytesIn: 0, bytesOut: 0 },
        { method: 'GET', requests: 3, bytesIn: 0, bytesOut: 0 },
      ],
      'Requests',
    );
    expect(seriesOf(methods)[0]?.data).toEqual([3, 1]);
    const largest = largestOption(
      {
        buckets: [
          { bucketId: 'a', name: 'a', objects: 1, bytes: 10 },
          { bucketId: 'b', name: 'b', objects: 1, bytes: 99 },
        ],
        total: { buckets: 2, objects: 2, bytes: 109 },
      },
      'Size',
    );
    expect(seriesOf(largest)[0]?.data).toEqual([99, 10]);
  });

  it('leaves empty file type families out of a pie', () => {
    const option = fileTypesOption(
      [
        { family: 'image', objects: 2, bytes: 0 },
        { family: 'text', objects: 1, bytes: 5 },
      ],
      'bytes',
      'Size',
    );
    expect(seriesOf(option)[0]?.data).toEqual([{ name: 'text', value: 5 }]);
  });

  it('puts a quota bar only beside buckets that have a quota', () => {
    const capacity: Capacity = {
      totalBytes: 30,
      buckets: [
        { bucketId: 'a', name: 'a', bytes: 10, quotaBytes: 100, quotaUsed: 0.1, shareOfTotal: 1 / 3 },
        { bucketId: 'b', name: 'b', bytes: 20, quotaBytes: null, quotaUsed: null, shareOfTotal: 2 / 3 },
      ],
    };
    const [stored, quota] = seriesOf(capacityOption(capacity, { stored: 'Stored', quota: 'Quota' }));
    expect(stored?.data).toEqual([10, 20]);
    expect(quota?.data).toEqual([100, '-']);
  });
});

describe('figures as text', () => {
  it('formats shares and summaries in human units', () => {
    expect(formatShare(1 / 3)).toBe('33.3%');
    expect(summaryOf([{ name: 'photos', value: 1536 }], (value) => `${value / 1024} KiB`)).toBe('photos 1.5 KiB');
  });
});
