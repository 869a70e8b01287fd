import { describe, expect, it } from 'vitest';
import { acceptsEventStream, eventFrame } from './sse.ts';

describe('acceptsEventStream', () => {
  it('accepts the event-stream type, text/* and any type, in any case and among others', () => {
    for (const accept of [
      'text/event-stream',
      '*/*',
      'text/*',
      'application/json, TEXT/EVENT-STREAM;q=0.5',
      'text/html;level=1, */*;q=0.1',
    ]) {
      expect(acceptsEventStream(accept), accept).toBe(true);
    }
  });

  it('refuses no header, other types and a quality of zero', () => {
    for (const accept of [
      undefined,
      '',
      'application/json',
      'text/html',
      'text/event-stream;q=0',
      'text/event-stream; q=0.0, application/json',
    ]) {
      expect(acceptsEventStream(accept), String(accept)).toBe(false);
    }
  });
});

describe('eventFrame', () => {
  it('is one event line, one data line and a blank line', () => {
    const json = JSON.stringify({ text: 'two\nlines' });
    expect(eventFrame('inside-message', json)).toBe(`event: inside-message\ndata: ${json}\n\n`);
    expect(eventFrame('inside-message', json).split('\n')).toHaveLength(4);
  });
});
