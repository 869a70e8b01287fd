import { ANALYSIS_MAX_SPAN_DAYS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { daysRange, periodLabel, presetRange, rangeBetween } from './range.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-26T18:30:00Z');

describe('presetRange', () => {
  it('draws the last day and week by the hour, the last 30 days by the day, all ending now', () => {
    expect(presetRange('24h', now)).toEqual({
      from: '2026-11-25T18:30:00.000Z',
      to: now.toISOString(),
      granularity: 'hour',
      shortened: false,
    });
    expect(presetRange('7d', now)).toMatchObject({ from: '2026-11-19T18:30:00.000Z', granularity: 'hour' });
    expect(presetRange('30d', now)).toMatchObject({ from: '2026-10-27T18:30:00.000Z', granularity: 'day', shortened: false });
  });
});

describe('rangeBetween', () => {
  it('keeps a year by the day within the server bound once rounded to whole UTC days', () => {
    const range = rangeBetween(now.getTime() - 400 * DAY, now.getTime());
    expect(range.granularity).toBe('day');
    expect(range.shortened).toBe(true);
    const roundedTo = Math.ceil(Date.parse(range.to) / DAY) * DAY;
    const roundedFrom = Math.floor(Date.parse(range.from) / DAY) * DAY;
    expect(roundedTo - roundedFrom).toBe(ANALYSIS_MAX_SPAN_DAYS.day * DAY);
  });

  it('leaves a range within the bound as asked', () => {
    const range = rangeBetween(now.getTime() - 366 * DAY + DAY, now.getTime());
    expect(range).toMatchObject({ granularity: 'day', shortened: false, from: new Date(now.getTime() - 365 * DAY).toISOString() });
  });
});

describe('daysRange', () => {
  it('covers whole local days, the last one included', () => {
    const range = daysRange(new Date(2026, 10, 20, 15), new Date(2026, 10, 20, 9));
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(DAY);
    expect(range.granularity).toBe('hour');
    expect(new Date(range.from).getHours()).toBe(0);
  });
});

describe('periodLabel', () => {
  it('shows hours with the day and days with the year', () => {
    const at = new Date(2026, 0, 5, 7).toISOString();
    expect(periodLabel(at, 'hour')).toBe('01-05 07:00');
    expect(periodLabel(at, 'day')).toBe('2026-01-05');
  });
});
