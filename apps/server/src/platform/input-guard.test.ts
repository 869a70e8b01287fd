import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, tokensFor } from '../../test/app.ts';
import { appPerFile } from '../../test/factories/suite.ts';
import { boundIntegers, INTEGER_RANGE } from './integer-bounds.ts';
import { findNonFinite, findNul } from './input-guard.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

/** `depth` levels of arrays, or of objects under the key "a", around 1. */
const nested = (depth: number, kind: 'array' | 'object' = 'array') =>
  kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('the nesting depth of JSON text', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(nested(3, 'object'), 2)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(500)}","b":"\\"[[[[[[[[[[[[[["}`, 2)).toBe(false);
    // Siblings do not add up: depth is how far in, not how many.
    expect(nestsDeeperThan(`[${'[1],'.repeat(500)}[1]]`, 2)).toBe(false);
  });
});

describe('walking parsed input', () => {
  it('finds NUL characters and infinite numbers at any depth without running out of stack', () => {
    let deep: unknown = { text: 'a\u0000b', count: Infinity };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep, 'body')).toMatch(/^body(\.0)+\.text$/);
    expect(findNonFinite(deep, 'body')).toMatch(/^body(\.0)+\.count$/);
    expect(findNul({ ['k\u0000']: 1 }, 'querystring')).toBe('querystring.k\u0000');
    expect(findNonFinite({ a: [1, -1e300, 2 ** 53] }, 'body')).toBeUndefined();
    expect(findNonFinite({ a: [1, -Infinity] }, 'body')).toBe('body.a.1');
  });

  it('does not walk the bytes of an uploaded file', () => {
    expect(findNul(Buffer.alloc(1000), 'body')).toBeUndefined();
  });
});

describe('bounding the integers of input schemas', () => {
  it('bounds every integer to the database integer, keeping declared bounds and shared schemas', () => {
    const shared = { $id: 'Shared', type: 'object', properties: { n: { type: 'integer' } } };
    const schema = {
      type: 'object',
      properties: {
        sort: { type: 'integer' },
        page: { type: 'integer', minimum: 1, maximum: 10 },
        list: { type: 'array', items: { anyOf: [{ type: 'null' }, { type: ['integer', 'null'], exclusiveMaximum: 5 }] } },
        text: { type: 'string', default: { type: 'integer' } },
        shared,
      },
    };
    const bounded = boundIntegers(schema);
    expect(bounded.properties.sort).toEqual({ type: 'integer', ...INTEGER_RANGE });
    expect(bounded.properties.page).toBe(schema.properties.page);
    expect(bounded.properties.list.items.anyOf[1]).toEqual({
      type: ['integer', 'null'],
      exclusiveMaximum: 5,
      minimum: INTEGER_RANGE.minimum,
    });
    expect(bounded.properties.text).toBe(schema.properties.text);
    expect(bounded.properties.shared).toBe(shared);
    // The route's schema object is not changed: contracts are shared with the web app.
    expect(schema.properties.sort).toEqual({ type: 'integer' });
    const plain = { type: 'object', properties: { name: { type: 'string' } } };
    expect(boundIntegers(plain)).toBe(plain);
  });
});

describe('input the schemas let through but nothing behind them can handle', () => {
  const { t, prepared } = appPerFile(async (app) => (await tokensFor(app, 'admin', ADMIN_PASSWORD)).access_token);

  it.each(['1e300', '-1e300', '9007199254740993', '2147483648', 'Infinity', '1e309', '100001'])(
    'answers GET /users?page=%s with a 400 naming the field',
    async (page) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/permission/users?page=${page}`, headers: bearer(prepared()) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^querystring\.page /),
        details: { field: 'querystring.page' },
      });
    },
  );

  it('answers a size of Infinity (which the validator coerces and then does not bound) with a 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/permission/users?size=Infinity', headers: bearer(prepared()) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'querystring.size' } });
  });

  it('answers a body integer beyond the database integer with a 400', async () => {
    for (const sort of [2 ** 31, 1e300, -1e300]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/permission/roles',
        headers: bearer(prepared()),
        payload: { code: `big_${String(sort).length}`, name: 'Too big', sort },
      });
      expect(response.statusCode, String(sort)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'body.sort' } });
    }
  });

  it('answers a JSON body nested 100,000 levels deep with a 400 before parsing it, and one at the limit as usual', async () => {
    for (const kind of ['array', 'object'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/permission/roles',
        headers: { ...bearer(prepared()), 'content-type': 'application/json' },
        payload: nested(100_000, kind),
      });
      expect(response.statusCode, kind).toBe(400);
      expect(response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
        details: { field: 'body', maxDepth: MAX_JSON_DEPTH },
      });
    }
    // Within the limit the body is parsed and judged by the route's schema, as any other.
    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/api/permission/roles',
      headers: { ...bearer(prepared()), 'content-type': 'application/json' },
      payload: nested(MAX_JSON_DEPTH, 'object'),
    });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    // The framework's refusal of prototype keys still holds.
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/permission/roles',
      headers: { ...bearer(prepared()), 'content-type': 'application/json' },
      payload: '{"__proto__":{"code":"x"},"name":"n","code":"c"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
