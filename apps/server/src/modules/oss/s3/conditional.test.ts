import { describe, expect, it } from 'vitest';
import { conditionalHeaders, contentRange, evaluateConditions, evaluateRange, evaluateRead } from './conditional.ts';

const STATE = { etag: '"abc"', lastModified: new Date('2026-03-04T05:06:07.890Z'), size: 100 };
const BEFORE = 'Wed, 04 Mar 2026 05:06:06 GMT';
const SAME = 'Wed, 04 Mar 2026 05:06:07 GMT';
const AFTER = 'Wed, 04 Mar 2026 05:06:08 GMT';

describe('conditional requests (RFC 9110 order)', () => {
  it('If-Match: strong comparison, lists, *, bare tags', () => {
    expect(evaluateConditions('GET', { ifMatch: '"abc"' }, STATE)).toBe('proceed');
    expect(evaluateConditions('GET', { ifMatch: 'abc' }, STATE)).toBe('proceed');
    expect(evaluateConditions('GET', { ifMatch: '"x", "abc"' }, STATE)).toBe('proceed');
    expect(evaluateConditions('GET', { ifMatch: '*' }, STATE)).toBe('proceed');
    expect(evaluateConditions('GET', { ifMatch: 'W/"abc"' }, STATE)).toBe('precondition-failed');
    expect(evaluateConditions('GET', { ifMatch: '"x"' }, STATE)).toBe('precondition-failed');
    expect(evaluateConditions('PUT', { ifMatch: '*' }, undefined)).toBe('precondition-failed');
  });

  it('If-None-Match: weak comparison, 304 for reads and 412 for writes', () => {
    expect(evaluateConditions('GET', { ifNoneMatch: 'W/"abc"' }, STATE)).toBe('not-modified');
    expect(evaluateConditions('HEAD', { ifNoneMatch: '*' }, STATE)).toBe('not-modified');
    expect(evaluateConditions('PUT', { ifNoneMatch: '*' }, STATE)).toBe('precondition-failed');
    expect(evaluateConditions('PUT', { ifNoneMatch: '*' }, undefined)).toBe('proceed');
    expect(evaluateConditions('GET', { ifNoneMatch: '"other"' }, STATE)).toBe('proceed');
  });

  it('dates compare at whole seconds; invalid dates are ignored', () => {
    expect(evaluateConditions('GET', { ifModifiedSince: SAME }, STATE)).toBe('not-modified');
    expect(evaluateConditions('GET', { ifModifiedSince: BEFORE }, STATE)).toBe('proceed');
    expect(evaluateConditions('PUT', { ifModifiedSince: AFTER }, STATE)).toBe('proceed');
    expect(evaluateConditions('GET', { ifUnmodifiedSince: SAME }, STATE)).toBe('proceed');
    expect(evaluateConditions('GET', { ifUnmodifiedSince: BEFORE }, STATE)).toBe('precondition-failed');
    expect(evaluateConditions('GET', { ifUnmodifiedSince: 'yesterday-ish' }, STATE)).toBe('proceed');
  });

  it('If-Match overrides If-Unmodified-Since; If-None-Match overrides If-Modified-Since', () => {
    expect(evaluateConditions('GET', { ifMatch: '"abc"', ifUnmodifiedSince: BEFORE }, STATE)).toBe('proceed');
    expect(evaluateConditions('GET', { ifNoneMatch: '"other"', ifModifiedSince: AFTER }, STATE)).toBe('proceed');
    expect(evaluateConditions('GET', { ifNoneMatch: '"abc"', ifModifiedSince: BEFORE }, STATE)).toBe('not-modified');
    expect(evaluateConditions('GET', { ifMatch: '"x"', ifNoneMatch: '"abc"' }, STATE)).toBe('precondition-failed');
  });
});

describe('Range', () => {
  it.each([
    ['bytes=0-9', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=90-', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=90-1000', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-10', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-1000', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=99-99', { kind: 'partial', start: 99, end: 99 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=a-b', { kind: 'whole' }],
  ] as const)('%s of 100 bytes', (header, outcome) => {
    expect(evaluateRange(header, 100)).toEqual(outcome);
  });

  it('an empty object has no satisfiable range', () => {
    expect(evaluateRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(evaluateRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(evaluateRange(undefined, 0)).toEqual({ kind: 'whole' });
  });

  it('writes Content-Range for partial and unsatisfiable answers', () => {
    expect(contentRange({ kind: 'partial', start: 0, end: 9 }, 100)).toBe('bytes 0-9/100');
    expect(contentRange({ kind: 'unsatisfiable' }, 100)).toBe('bytes */100');
    expect(contentRange({ kind: 'whole' }, 100)).toBeUndefined();
  });
});

describe('a read decision', () => {
  it('applies conditions before the range', () => {
    const headers = conditionalHeaders({ 'if-none-match': '"abc"', range: 'bytes=0-1' });
    expect(headers).toEqual({ ifNoneMatch: '"abc"', range: 'bytes=0-1' });
    expect(evaluateRead('GET', headers, STATE).status).toBe(304);
    expect(evaluateRead('GET', conditionalHeaders({ 'if-match': '"x"', range: 'bytes=500-' }), STATE).status).toBe(412);
    expect(evaluateRead('GET', conditionalHeaders({ range: 'bytes=500-' }), STATE).status).toBe(416);
    expect(evaluateRead('GET', conditionalHeaders({ 'if-match': '"abc"', range: 'bytes=1-2' }), STATE)).toEqual({
      status: 206,
      range: { kind: 'partial', start: 1, end: 2 },
    });
    expect(evaluateRead('HEAD', {}, STATE).status).toBe(200);
  });
});
