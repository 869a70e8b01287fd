import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Statistic } from 'antd';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { TopBarChart } from '../../systemManage/overView/TopBarChart.tsx';
import { formatBytes } from '../spaceList/files/objectKeys.ts';
import { ossOverviewQueries, rankingOf } from './api.ts';
import { useOssOverviewT } from './messages.ts';

const CHARTS = [
  { by: 'objects', title: 'byObjects', series: 'objects' },
  { by: 'mib', title: 'bySize', series: 'mib' },
] as const;

/** OSS:overView: how many spaces, objects and bytes are stored, and which spaces hold the most. */
export function Component({ node }: ConsolePageProps) {
  const t = useOssOverviewT();
  const figures = useQuery(ossOverviewQueries.figures);
  const spaces = useQuery(ossOverviewQueries.spaces);
  const data = figures.data;
  const cards = [
    { key: 'buckets', value: data?.buckets },
    { key: 'objects', value: data?.objects },
    { key: 'bytes', value: data === undefined ? undefined : formatBytes(data.bytes) },
    { key: 'average', value: data === undefined ? undefined : formatBytes(data.objects === 0 ? 0 : Math.round(data.bytes / data.objects)) },
  ] as const;
  return (
    <AdminPage title={node.title || t('title')}>
      <Flex vertical gap={16}>
        {(figures.isError || spaces.isError) && <Alert type="error" showIcon title={t('loadFailed')} />}
        {data?.buckets === 0 && <Alert type="info" showIcon title={t('noSpaces')} />}
        <section aria-label={t('figures')}>
          <Row gutter={[16, 16]}>
            {cards.map((card) => (
              <Col key={card.key} xs={24} sm={12} xl={6}>
                <Card>
                  <Statistic title={t(card.key)} value={card.value ?? '–'} loading={figures.isPending} />
                </Card>
              </Col>
            ))}
          </Row>
        </section>
        <Row gutter={[16, 16]}>
          {CHARTS.map((chart) => (
            <Col key={chart.by} xs={24} lg={12}>
              <TopBarChart
                title={t(chart.title)}
                seriesName={t(chart.series)}
                entries={spaces.data && rankingOf(spaces.data, chart.by)}
                loading={spaces.isPending}
              />
            </Col>
          ))}
        </Row>
      </Flex>
    </AdminPage>
  );
}
