import { describe, expect, it } from 'vitest';
import { createSseParser, reconnectDelay, type SseEvent } from './sse.ts';

const parse = (...chunks: string[]): SseEvent[] => {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  chunks.forEach((chunk) => parser.push(chunk));
  return events;
};

describe('createSseParser', () => {
  it('dispatches an event at the blank line, with its name and data', () => {
    expect(parse('event: inside-message\ndata: {"a":1}\n\n')).toEqual([{ event: 'inside-message', data: '{"a":1}' }]);
  });

  it('joins chunks split anywhere, including inside a CRLF', () => {
    expect(parse('ev', 'ent: x\r', '\ndata: he', 'llo\r\n\r', '\n')).toEqual([{ event: 'x', data: 'hello' }]);
  });

  it('joins several data lines with newlines and names unnamed events "message"', () => {
    expect(parse('data: one\ndata:two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('ignores comments (the keep-alive) and events without data', () => {
    expect(parse(': keep-alive\n\n', 'event: empty\n\n', ':\n')).toEqual([]);
  });

  it('waits for the blank line before dispatching', () => {
    expect(parse('event: x\ndata: partial\n')).toEqual([]);
  });

  it('keeps the last event id and accepts lone CR line ends', () => {
    expect(parse('id: 7\rdata: a\r\rdata: b\n\n')).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
  });
});

describe('reconnectDelay', () => {
  it('doubles from one second and stops at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => reconnectDelay(attempt, 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('spreads each delay by at most a fifth either way', () => {
    expect(reconnectDelay(1, 0)).toBe(1600);
    expect(reconnectDelay(1, 0.999999)).toBe(2400);
  });
});
