/**
 * Conditional requests and byte ranges as S3 answers them, following RFC 9110: If-Match, then
 * If-Unmodified-Since only without If-Match, then If-None-Match, then If-Modified-Since only without
 * If-None-Match and only for GET and HEAD. A single `bytes=` range is honoured; several, or a
 * malformed one, are ignored and the whole object is sent, as S3 does.
 */
export interface ObjectState {
  /** The ETag as in the header, quotes included. */
  etag: string;
  lastModified: Date;
}

export interface ConditionalHeaders {
  ifMatch?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  ifUnmodifiedSince?: string;
}

export type ConditionOutcome = 'proceed' | 'not-modified' | 'precondition-failed';

interface EntityTag {
  weak: boolean;
  value: string;
}

/** `*`, or the entity tags of a list (quoted or, as some S3 clients send them, bare). */
function entityTags(header: string): '*' | EntityTag[] {
  if (header.trim() === '*') return '*';
  return header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const weak = part.startsWith('W/');
      return { weak, value: (weak ? part.slice(2) : part).replace(/^"(.*)"$/, '$1') };
    });
}

function matches(header: string, state: ObjectState | undefined, strong: boolean): boolean {
  if (!state) return false;
  const tags = entityTags(header);
  if (tags === '*') return true;
  const current = state.etag.replace(/^"(.*)"$/, '$1');
  return tags.some((tag) => tag.value === current && !(strong && tag.weak));
}

/** Seconds since the epoch of an HTTP date; undefined when it is not a date (the header is then ignored). */
function httpDateSeconds(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const ms = Date.parse(header);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

const modifiedSeconds = (state: ObjectState) => Math.floor(state.lastModified.getTime() / 1000);

/** The outcome of the conditions for `state` (undefined: no such object). */
export function evaluateConditions(method: string, headers: ConditionalHeaders, state: ObjectState | undefined): ConditionOutcome {
  const read = method === 'GET' || method === 'HEAD';
  if (headers.ifMatch !== undefined) {
    if (!matches(headers.ifMatch, state, true)) return 'precondition-failed';
  } else {
    const since = httpDateSeconds(headers.ifUnmodifiedSince);
    if (since !== undefined && state && modifiedSeconds(state) > since) return 'precondition-failed';
  }
  if (headers.ifNoneMatch !== undefined) {
    if (matches(headers.ifNoneMatch, state, false)) return read ? 'not-modified' : 'precondition-failed';
  } else if (read) {
    const since = httpDateSeconds(headers.ifModifiedSince);
    if (since !== undefined && state && modifiedSeconds(state) <= since) return 'not-modified';
  }
  return 'proceed';
}

export type RangeOutcome = { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** The byte range of a Range header for an object of `size` bytes; `end` is inclusive. */
export function evaluateRange(header: string | undefined, size: number): RangeOutcome {
  const match = header === undefined ? null : /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Content-Range of a partial response, or of a 416 (`bytes * /size`). */
export function contentRange(range: RangeOutcome, size: number): string | undefined {
  if (range.kind === 'partial') return `bytes ${range.start}-${range.end}/${size}`;
  if (range.kind === 'unsatisfiable') return `bytes */${size}`;
  return undefined;
}

export interface ReadDecision {
  /** 200, 206, 304, 412 or 416. */
  status: 200 | 206 | 304 | 412 | 416;
  range: RangeOutcome;
}

/** GET/HEAD of an existing object: the conditions first, then the range (HEAD honours it too, as S3 does). */
export function evaluateRead(
  method: string,
  headers: ConditionalHeaders & { range?: string },
  state: ObjectState & { size: number },
): ReadDecision {
  const outcome = evaluateConditions(method, headers, state);
  if (outcome === 'precondition-failed') return { status: 412, range: { kind: 'whole' } };
  if (outcome === 'not-modified') return { status: 304, range: { kind: 'whole' } };
  const range = evaluateRange(headers.range, state.size);
  return { status: range.kind === 'partial' ? 206 : range.kind === 'unsatisfiable' ? 416 : 200, range };
}

/** The conditional headers of a Node header object. */
export function conditionalHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): ConditionalHeaders & { range?: string } {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const out: ConditionalHeaders & { range?: string } = {};
  const names = {
    ifMatch: 'if-match',
    ifNoneMatch: 'if-none-match',
    ifModifiedSince: 'if-modified-since',
    ifUnmodifiedSince: 'if-unmodified-since',
    range: 'range',
  };
  for (const [field, name] of Object.entries(names)) {
    const value = one(name);
    if (value !== undefined) out[field as keyof typeof names] = value;
  }
  return out;
}
