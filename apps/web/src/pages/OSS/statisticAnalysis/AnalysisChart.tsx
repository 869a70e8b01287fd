import { Alert, Card, Empty, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useAppStore } from '../../../app/store/appStore.ts';
import { useChartInstance } from '../../../components/charts/useChartInstance.ts';
import type { AnalysisOption } from './chartOptions.ts';
import { useOssAnalysisT } from './messages.ts';

const CHART_HEIGHT = 320;

interface AnalysisChartProps {
  title: string;
  /** undefined while loading; null when there is nothing to draw (an empty state instead). */
  option: AnalysisOption | null | undefined;
  /** The figures as text, for screen readers (the canvas says nothing). */
  summary: string;
  failed?: boolean;
}

/** A chart card: a skeleton while loading, an empty state without data, an error when the call failed. */
export function AnalysisChart({ title, option, summary, failed }: AnalysisChartProps) {
  const t = useOssAnalysisT();
  return (
    <Card title={title} styles={{ body: { minHeight: CHART_HEIGHT } }}>
      {failed ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : option === undefined ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : option === null ? (
        <Empty description={t('noData')} />
      ) : (
        <ChartCanvas label={t('chartSummary', { title, summary })} option={option} />
      )}
    </Card>
  );
}

const loadEngine = () => import('./echartsAnalysis.ts').then((module) => module.init);

function ChartCanvas({ label, option }: { label: string; option: AnalysisOption }) {
  const t = useOssAnalysisT();
  const container = useRef<HTMLDivElement>(null);
  const dark = useAppStore((state) => state.theme.mode === 'dark');
  const chart = useChartInstance(container, loadEngine, dark);

  useEffect(() => {
    if (chart && chart !== 'failed') chart.setOption(option, { notMerge: true });
  }, [chart, option]);

  if (chart === 'failed') return <Alert type="error" showIcon title={t('chartFailed')} />;
  return (
    <div role="img" aria-label={label}>
      <div ref={container} aria-hidden style={{ width: '100%', height: CHART_HEIGHT }} />
    </div>
  );
}
