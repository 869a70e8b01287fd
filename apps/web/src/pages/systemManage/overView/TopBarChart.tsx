import { Alert, Card, Empty, Skeleton, theme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../../app/store/appStore.ts';
import type { TopEntry } from './api.ts';
import type { init } from './echartsBar.ts';
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

// A type-only import: erased from the build, so the engine still loads only through import() below.
type InitChart = typeof init;

/** Loads the chart engine on first use; `'failed'` when its chunk could not be fetched. */
function useChartEngine(): InitChart | null | 'failed' {
  const [engine, setEngine] = useState<InitChart | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    import('./echartsBar.ts').then(({ init }) => current && setEngine(() => init)).catch(() => current && setEngine('failed'));
    return () => {
      current = false;
    };
  }, []);
  return engine;
}

function BarCanvas({ title, seriesName, entries }: { title: string; seriesName: string; entries: readonly TopEntry[] }) {
  const t = useOverviewT();
  const container = useRef<HTMLDivElement>(null);
  const engine = useChartEngine();
  const [chart, setChart] = useState<EChartsType | null>(null);
  const dark = useAppStore((state) => state.theme.mode === 'dark');
  const { token } = theme.useToken();

  // One chart instance per container and colour mode, resized whenever the container changes size.
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
    chart?.setOption(barOption(entries, seriesName, token.colorPrimary), { notMerge: true });
  }, [chart, entries, seriesName, token.colorPrimary]);

  if (engine === 'failed') return <Alert type="error" showIcon title={t('chartFailed')} />;
  return (
    <div
      ref={container}
      role="img"
      aria-label={t('chartSummary', { title, entries: rankingSummary(entries) })}
      style={{ width: '100%', height: CHART_HEIGHT }}
    />
  );
}
