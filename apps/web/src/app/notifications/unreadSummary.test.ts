import type { InsideMessage } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { LATEST_MAX, withArrival } from './unreadSummary.ts';

const message = (id: string): InsideMessage => ({
  id,
  title: `Message ${id}`,
  content: '',
  source: 'system',
  notice: [],
  state: 'unread',
  senderName: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  readAt: null,
});

describe('withArrival', () => {
  it('puts the new message first and takes the stream’s count', () => {
    const next = withArrival({ unread: 1, latest: [message('a')] }, { message: message('b'), unread: 2 });
    expect(next).toEqual({ unread: 2, latest: [message('b'), message('a')] });
  });

  it('starts a list when nothing was loaded yet', () => {
    expect(withArrival(undefined, { message: message('a'), unread: 5 })).toEqual({ unread: 5, latest: [message('a')] });
  });

  it('keeps a repeated message once, and at most LATEST_MAX messages', () => {
    const many = Array.from({ length: LATEST_MAX }, (_, index) => message(String(index)));
    const next = withArrival({ unread: LATEST_MAX, latest: many }, { message: message('3'), unread: LATEST_MAX });
    expect(next.latest.map((m) => m.id)).toEqual(['3', '0', '1', '2', '4', '5', '6', '7', '8', '9']);
    const grown = withArrival(next, { message: message('new'), unread: LATEST_MAX + 1 });
    expect(grown.latest).toHaveLength(LATEST_MAX);
    expect(grown.latest[0]?.id).toBe('new');
  });
});
