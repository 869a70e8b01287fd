import { ANALYSIS_MAX_SPAN_DAYS, type AnalysisGranularity } from '@portal/contracts';
import { badRequest } from '../../../platform/errors.ts';

const DAY_MS = 86_400_000;
/** Each period's length. UTC hours and days both start at whole multiples of it from the epoch. */
export const STEP_MS: Record<AnalysisGranularity, number> = { hour: 3_600_000, day: DAY_MS };
/** What a series covers when no range is given: the last 24 hours, the last 30 days. */
const DEFAULT_SPAN_MS: Record<AnalysisGranularity, number> = { hour: DAY_MS, day: 30 * DAY_MS };

export interface TimeRange {
  from: Date;
  /** Excluded. */
  to: Date;
}

const down = (ms: number, step: number) => Math.floor(ms / step) * step;
const up = (ms: number, step: number) => Math.ceil(ms / step) * step;

/**
 * The range of a series in whole UTC periods: `from` rounded down, `to` rounded up (and excluded),
 * the current period last when `to` is not given. A 400 names the field when the range is empty,
 * reversed, or longer than ANALYSIS_MAX_SPAN_DAYS allows for the granularity.
 */
export function periodRange(query: { from?: string; to?: string }, granularity: AnalysisGranularity, now = new Date()): TimeRange {
  const step = STEP_MS[granularity];
  const to = query.to === undefined ? down(now.getTime(), step) + step : up(Date.parse(query.to), step);
  const from = query.from === undefined ? to - DEFAULT_SPAN_MS[granularity] : down(Date.parse(query.from), step);
  if (from >= to) throw badRequest('The range ends before it starts', { field: 'query.from' });
  const maxDays = ANALYSIS_MAX_SPAN_DAYS[granularity];
  if (to - from > maxDays * DAY_MS) {
    throw badRequest(`A range by the ${granularity} covers at most ${maxDays} days`, { field: 'query.to', maxDays });
  }
  return { from: new Date(from), to: new Date(to) };
}

/** Every period's start from `from` up to `to`. */
export function periodStarts(range: TimeRange, granularity: AnalysisGranularity): Date[] {
  const step = STEP_MS[granularity];
  const starts: Date[] = [];
  for (let at = range.from.getTime(); at < range.to.getTime(); at += step) starts.push(new Date(at));
  return starts;
}
