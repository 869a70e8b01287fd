import { ANALYSIS_MAX_SPAN_DAYS, type AnalysisGranularity } from '@portal/contracts';

export const RANGE_PRESETS = ['24h', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const STEP_MS: Record<AnalysisGranularity, number> = { hour: HOUR_MS, day: DAY_MS };
const PRESET_SPAN_MS: Record<Exclude<RangePreset, 'custom'>, number> = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS };
/** Ranges up to this long are drawn by the hour (at most 168 points); longer ones by the day. */
const HOURLY_UP_TO_MS = 7 * DAY_MS;

/** What the series calls ask for: an ISO range (`to` excluded) and its granularity. */
export interface AnalysisRange {
  from: string;
  to: string;
  granularity: AnalysisGranularity;
  /** The range asked for was longer than the server allows: `from` was moved forward. */
  shortened: boolean;
}

const down = (ms: number, step: number) => Math.floor(ms / step) * step;
const up = (ms: number, step: number) => Math.ceil(ms / step) * step;

/**
 * The range between two instants, by the hour when it is short and by the day otherwise, shortened
 * from its start when, rounded to whole UTC periods as the server rounds it, it would exceed the
 * server's bounds (ANALYSIS_MAX_SPAN_DAYS).
 */
export function rangeBetween(fromMs: number, toMs: number): AnalysisRange {
  const granularity: AnalysisGranularity = toMs - fromMs <= HOURLY_UP_TO_MS ? 'hour' : 'day';
  const step = STEP_MS[granularity];
  const roundedTo = up(toMs, step);
  const earliest = roundedTo - ANALYSIS_MAX_SPAN_DAYS[granularity] * DAY_MS;
  const shortened = down(fromMs, step) < earliest;
  const from = shortened ? earliest : fromMs;
  return { from: new Date(from).toISOString(), to: new Date(toMs).toISOString(), granularity, shortened };
}

/** A preset's range ending now. */
export const presetRange = (preset: Exclude<RangePreset, 'custom'>, now: Date = new Date()): AnalysisRange =>
  rangeBetween(now.getTime() - PRESET_SPAN_MS[preset], now.getTime());

/** Whole local days from the first one's start to the last one's end (a custom range). */
export function daysRange(first: Date, last: Date): AnalysisRange {
  const start = new Date(first);
  start.setHours(0, 0, 0, 0);
  const end = new Date(last);
  end.setHours(24, 0, 0, 0);
  return rangeBetween(start.getTime(), end.getTime());
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A period's start as the axis shows it, in the browser's time zone: `MM-DD HH:00` by the hour, `YYYY-MM-DD` by the day. */
export function periodLabel(iso: string, granularity: AnalysisGranularity): string {
  const at = new Date(iso);
  const day = `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return granularity === 'hour' ? `${day} ${pad(at.getHours())}:${pad(at.getMinutes())}` : `${at.getFullYear()}-${day}`;
}
