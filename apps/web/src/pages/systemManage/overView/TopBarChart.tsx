import { Alert, Card, Empty, Skeleton, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useAppStore } from '../../../app/store/appStore.ts';
import { useChartInstance } from '../../../components/charts/useChartInstance.ts';
import type { TopEntry } from './api.ts';
import { barOption, rankingSummary } from './barOption.ts';
import { useOverviewT } from './messages.ts';

const CHART_HEIGHT = 320;

interface TopBarChartProps {
  title: string;
  seriesName: string;
  entries: readonly TopEntry[] | undefined;
  loading: boolean;
}

/** A ranking as a bar chart that follows its container's width; an empty ranking shows an empty state. */
export function TopBarChart({ title, seriesName, entries, loading }: TopBarChartProps) {
  const t = useOverviewT();
  const hasData = !!entries && entries.length > 0;
  return (
    <Card title={title} styles={{ body: { minHeight: CHART_HEIGHT } }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : hasData ? (
        <BarCanvas title={title} seriesName={seriesName} entries={entries} />
      ) : (
        <Empty description={t('noData')} />
      )}
    </Card>
  );
}

const loadEngine = () => import('./echartsBar.ts').then((module) => module.init);

function BarCanvas({ title, seriesName, entries }: { title: string; seriesName: string; entries: readonly TopEntry[] }) {
  const t = useOverviewT();
  const container = useRef<HTMLDivElement>(null);
  const dark = useAppStore((state) => state.theme.mode === 'dark');
  const chart = useChartInstance(container, loadEngine, dark);
  const { token } = theme.useToken();

  useEffect(() => {
    if (chart && chart !== 'failed') chart.setOption(barOption(entries, seriesName, token.colorPrimary), { notMerge: true });
  }, [chart, entries, seriesName, token.colorPrimary]);

  if (chart === 'failed') return <Alert type="error" showIcon title={t('chartFailed')} />;
  return (
    <div
      ref={container}
      role="img"
      aria-label={t('chartSummary', { title, entries: rankingSummary(entries) })}
      style={{ width: '100%', height: CHART_HEIGHT }}
    />
  );
}
