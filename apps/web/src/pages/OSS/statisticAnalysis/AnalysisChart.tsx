import { Alert, Card, Empty, Skeleton } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../../app/store/appStore.ts';
import type { AnalysisOption } from './chartOptions.ts';
import type { init } from './echartsAnalysis.ts';
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

type InitChart = typeof init;

function ChartCanvas({ label, option }: { label: string; option: AnalysisOption }) {
  const t = useOssAnalysisT();
  const container = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<InitChart | null | 'failed'>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const dark = useAppStore((state) => state.theme.mode === 'dark');

  // The engine is a chunk of its own, fetched when the first chart is drawn.
  useEffect(() => {
    let current = true;
    import('./echartsAnalysis.ts').then((module) => current && setEngine(() => module.init)).catch(() => current && setEngine('failed'));
    return () => {
      current = false;
    };
  }, []);

  // One instance per container and colour mode, resized with its container.
  useEffect(() => {
    const element = container.current;
    if (!element || !engine || engine === 'failed') return;
    const instance = engine(element, dark ? 'dark' : undefined, { renderer: 'canvas' });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    setChart(instance);
    return () => {
      observer.disconnect();
      instance.dispose();
      setChart(null);
    };
  }, [engine, dark]);

  useEffect(() => {
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  if (engine === 'failed') return <Alert type="error" showIcon title={t('chartFailed')} />;
  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height: CHART_HEIGHT }} />;
}
