import type { EChartsType, init } from 'echarts/core';
import { useEffect, useState, type RefObject } from 'react';

/** ECharts' `init`, as a chunk that registers the parts a chart needs exports it. */
export type InitChart = typeof init;

/**
 * An ECharts instance in `container`: the engine chunk is loaded on first use (`load`, a dynamic
 * import, so ECharts never ships with the entry), one instance per container and colour mode,
 * resized with its container. `'failed'` when the chunk could not be fetched; null until ready.
 */
export function useChartInstance(container: RefObject<HTMLDivElement | null>, load: () => Promise<InitChart>, dark: boolean) {
  const [engine, setEngine] = useState<InitChart | null | 'failed'>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);

  useEffect(() => {
    let current = true;
    load()
      .then((init) => current && setEngine(() => init))
      .catch(() => current && setEngine('failed'));
    return () => {
      current = false;
    };
    // Pass a module-level loader: a new one on each render would load the chunk again.
  }, [load]);

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
  }, [container, engine, dark]);

  return engine === 'failed' ? 'failed' : chart;
}
