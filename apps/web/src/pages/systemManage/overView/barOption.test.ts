import { describe, expect, it } from 'vitest';
import { barOption, LABEL_LIMIT, rankingSummary, shortLabel } from './barOption.ts';

const entries = [
  { id: 'a', name: 'Sales', count: 3 },
  { id: 'b', name: 'Engineering', count: 12 },
  { id: 'c', name: 'Support', count: 7 },
];

describe('barOption', () => {
  it('ranks the bars largest first, names on the axis and counts as the series', () => {
    const option = barOption(entries, 'Members', '#1677ff');
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['Engineering', 'Support', 'Sales'] });
    expect(option.series).toEqual([expect.objectContaining({ type: 'bar', name: 'Members', data: [12, 7, 3] })]);
    expect(option.color).toEqual(['#1677ff']);
  });

  it('does not reorder the array it was given', () => {
    barOption(entries, 'Members', '#000');
    expect(entries.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('labels and summary', () => {
  it('shortens long names to the limit with an ellipsis', () => {
    expect(shortLabel('Short')).toBe('Short');
    const long = 'A very long organisation name indeed';
    expect(shortLabel(long)).toHaveLength(LABEL_LIMIT);
    expect(shortLabel(long).endsWith('…')).toBe(true);
  });

  it('reads the ranking as text, largest first, for screen readers', () => {
    expect(rankingSummary(entries)).toBe('Engineering 12, Support 7, Sales 3');
  });
});
