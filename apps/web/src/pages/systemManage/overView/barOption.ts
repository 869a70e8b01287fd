import type { BarSeriesOption } from 'echarts/charts';
import type { AriaComponentOption, GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { TopEntry } from './api.ts';

export type BarOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption | AriaComponentOption>;

/** Long names would squeeze the bars: the axis shows at most this many characters. */
export const LABEL_LIMIT = 16;

export const shortLabel = (name: string): string => (name.length > LABEL_LIMIT ? `${name.slice(0, LABEL_LIMIT - 1)}…` : name);

/** Largest first; ties keep the server's order (the sort is stable). */
const rank = (entries: readonly TopEntry[]): TopEntry[] => [...entries].sort((a, b) => b.count - a.count);

/**
 * A horizontal bar chart of a ranking, largest first from the top: horizontal so that names stay
 * readable on narrow screens.
 */
export function barOption(entries: readonly TopEntry[], seriesName: string, color: string): BarOption {
  const ranked = rank(entries);
  return {
    aria: { enabled: true },
    // The card behind the chart gives the background, in light and dark mode alike.
    backgroundColor: 'transparent',
    color: [color],
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: ranked.map((entry) => entry.name),
      axisLabel: { formatter: shortLabel },
    },
    series: [
      {
        type: 'bar',
        name: seriesName,
        data: ranked.map((entry) => entry.count),
        barMaxWidth: 28,
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** The same ranking as text, for screen readers (the canvas itself says nothing). */
export const rankingSummary = (entries: readonly TopEntry[]): string =>
  rank(entries)
    .map((entry) => `${entry.name} ${entry.count}`)
    .join(', ');
