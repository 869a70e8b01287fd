import { ANALYSIS_MAX_SPAN_DAYS, type RequestSeries } from '@portal/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Flex, Row, Segmented, Select, Tag } from 'antd';
import { useState } from 'react';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { spaceApi, spaceKeys } from '../spaceList/api.ts';
import { formatBytes } from '../spaceList/files/objectKeys.ts';
import { AnalysisChart } from './AnalysisChart.tsx';
import { analysisQueries } from './api.ts';
import {
  capacityOption,
  fileTypesOption,
  hasTraffic,
  largestOption,
  methodsOption,
  shareOption,
  summaryOf,
  trafficOption,
  type AnalysisOption,
} from './chartOptions.ts';
import { useOssAnalysisT } from './messages.ts';
import { daysRange, presetRange, RANGE_PRESETS, type AnalysisRange, type RangePreset } from './range.ts';

/** The picker's values are dayjs objects; only their Date is needed. */
interface DayValue {
  toDate(): Date;
}

/** A query's chart option: undefined while loading, null when `empty` says there is nothing to draw. */
function optionOf<T>(result: UseQueryResult<T>, empty: (data: T) => boolean, build: (data: T) => AnalysisOption) {
  if (result.data === undefined) return undefined;
  return empty(result.data) ? null : build(result.data);
}

/**
 * OSS:statisticAnalysis: requests and traffic over a time range, requests by method, file types,
 * capacity against quotas and the largest spaces, for every space the user may see or one of them.
 */
export function Component({ node }: ConsolePageProps) {
  const t = useOssAnalysisT();
  const [preset, setPreset] = useState<RangePreset>('24h');
  const [range, setRange] = useState<AnalysisRange>(() => presetRange('24h'));
  const [bucketId, setBucketId] = useState<string | undefined>(undefined);
  const buckets = useQuery({ queryKey: spaceKeys.list, queryFn: spaceApi.list });
  const requests = useQuery(analysisQueries.requests(bucketId, range));
  const methods = useQuery(analysisQueries.methods(bucketId, range));
  const fileTypes = useQuery(analysisQueries.fileTypes(bucketId));
  const capacity = useQuery(analysisQueries.capacity(bucketId));
  const sizes = useQuery(analysisQueries.sizes(bucketId));

  const choosePreset = (next: RangePreset) => {
    setPreset(next);
    if (next !== 'custom') setRange(presetRange(next));
  };
  const names = { requests: t('requests'), bytesIn: t('bytesIn'), bytesOut: t('bytesOut') };
  const total = (data: RequestSeries, figure: 'requests' | 'bytesIn' | 'bytesOut') => ({
    name: t(figure),
    value: data.points.reduce((sum, point) => sum + point[figure], 0),
  });
  const trafficSummary = (data: RequestSeries) =>
    `${summaryOf([total(data, 'requests')])}, ${summaryOf([total(data, 'bytesIn'), total(data, 'bytesOut')], formatBytes)}`;

  const charts = [
    {
      key: 'traffic',
      title: t('traffic'),
      wide: true,
      result: requests,
      option: optionOf(
        requests,
        (data) => !hasTraffic(data),
        (data) => trafficOption(data, names),
      ),
      summary: requests.data ? trafficSummary(requests.data) : '',
    },
    {
      key: 'methods',
      title: t('methods'),
      result: methods,
      option: optionOf(
        methods,
        (data) => data.methods.length === 0,
        (data) => methodsOption(data.methods, t('requests')),
      ),
      summary: summaryOf((methods.data?.methods ?? []).map((entry) => ({ name: entry.method, value: entry.requests }))),
    },
    {
      key: 'largest',
      title: t('largest'),
      result: sizes,
      option: optionOf(
        sizes,
        (data) => data.buckets.every((bucket) => bucket.bytes === 0),
        (data) => largestOption(data, t('bytes')),
      ),
      summary: summaryOf(
        (sizes.data?.buckets ?? []).map((bucket) => ({ name: bucket.name, value: bucket.bytes })),
        formatBytes,
      ),
    },
    {
      key: 'fileTypesCount',
      title: t('fileTypesCount'),
      result: fileTypes,
      option: optionOf(
        fileTypes,
        (data) => data.every((type) => type.objects === 0),
        (data) => fileTypesOption(data, 'objects', t('objects')),
      ),
      summary: summaryOf((fileTypes.data ?? []).map((type) => ({ name: type.family, value: type.objects }))),
    },
    {
      key: 'fileTypesBytes',
      title: t('fileTypesBytes'),
      result: fileTypes,
      option: optionOf(
        fileTypes,
        (data) => data.every((type) => type.bytes === 0),
        (data) => fileTypesOption(data, 'bytes', t('bytes')),
      ),
      summary: summaryOf(
        (fileTypes.data ?? []).map((type) => ({ name: type.family, value: type.bytes })),
        formatBytes,
      ),
    },
    {
      key: 'capacity',
      title: t('capacity'),
      result: capacity,
      option: optionOf(
        capacity,
        (data) => data.buckets.every((bucket) => bucket.bytes === 0 && bucket.quotaBytes === null),
        (data) => capacityOption(data, { stored: t('stored'), quota: t('quota') }),
      ),
      summary: summaryOf(
        (capacity.data?.buckets ?? []).map((bucket) => ({ name: bucket.name, value: bucket.bytes })),
        formatBytes,
      ),
    },
    {
      key: 'share',
      title: t('share'),
      result: capacity,
      option: optionOf(
        capacity,
        (data) => data.totalBytes === 0,
        (data) => shareOption(data, t('stored')),
      ),
      summary: summaryOf(
        (capacity.data?.buckets ?? []).map((bucket) => ({ name: bucket.name, value: bucket.bytes })),
        formatBytes,
      ),
    },
  ];

  return (
    <AdminPage title={node.title || t('title')}>
      <Flex vertical gap={16}>
        <Flex gap={12} wrap align="center" role="group" aria-label={t('range')}>
          <Segmented<RangePreset>
            aria-label={t('range')}
            value={preset}
            onChange={choosePreset}
            options={RANGE_PRESETS.map((value) => ({ value, label: t(`range_${value}`) }))}
          />
          {preset === 'custom' && (
            <DatePicker.RangePicker
              aria-label={t('customDays')}
              allowClear={false}
              onChange={(days: [DayValue | null, DayValue | null] | null) => {
                const [first, last] = days ?? [];
                if (first && last) setRange(daysRange(first.toDate(), last.toDate()));
              }}
            />
          )}
          <Tag>{range.granularity === 'hour' ? t('byHour') : t('byDay')}</Tag>
          <Select
            aria-label={t('bucket')}
            placeholder={t('allBuckets')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 220 }}
            value={bucketId}
            onChange={(value?: string) => setBucketId(value)}
            loading={buckets.isPending}
            options={(buckets.data ?? []).map((bucket) => ({ value: bucket.id, label: bucket.name }))}
          />
        </Flex>
        {range.shortened && (
          <Alert type="info" showIcon title={t('shortened', { days: ANALYSIS_MAX_SPAN_DAYS.day, from: formatTime(range.from) })} />
        )}
        <Row gutter={[16, 16]}>
          {charts.map((chart) => (
            <Col key={chart.key} xs={24} lg={'wide' in chart ? 24 : 12}>
              <AnalysisChart title={chart.title} option={chart.option} summary={chart.summary} failed={chart.result.isError} />
            </Col>
          ))}
        </Row>
      </Flex>
    </AdminPage>
  );
}
