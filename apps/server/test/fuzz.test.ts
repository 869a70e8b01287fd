import fc from 'fast-check';
import { Ajv } from 'ajv';
import qs from 'qs';
import { QUERY_LIMITS } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, tokensFor } from './app.ts';
import { appPerFile } from './factories/suite.ts';
import { bodyTextFor, fillPath, pathValue, queryFor } from './route-inputs.ts';
import { ENDPOINT_ROUTES } from './endpoint-routes.ts';

/**
 * Property-based bad input to every endpoint of the contract, as the administrator (so gated routes reach
 * their validation): never a 5xx, and input that breaks the route's schema always gets a 4xx. The
 * input includes numbers too large for what stores them (1e300, 2^53 + 1, Infinity) in the path,
 * the query and the body, and JSON bodies nested thousands of levels deep.
 */
const { t } = appPerFile();
let admin: string;
const ajv = new Ajv({ coerceTypes: 'array', strict: false, allErrors: false });

beforeAll(async () => {
  admin = (await tokensFor(t, 'admin', ADMIN_PASSWORD)).access_token;
});

const breaks = (schema: unknown, data: unknown) => schema !== undefined && !ajv.validate(schema as object, data);

describe('fuzzing every route', () => {
  it('never answers 5xx, and answers 4xx to input its schema refuses', async () => {
    const routes = ENDPOINT_ROUTES.filter((route) => route.url !== '/api/reception-center/oauth/logout');
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const hasBody = !['GET', 'DELETE', 'HEAD'].includes(route.method);
      await fc.assert(
        fc.asyncProperty(
          pathValue,
          queryFor(route.schema.querystring),
          hasBody ? bodyTextFor(route.schema.body) : fc.constant(undefined),
          async (param, query, body) => {
            // Judge the query as the server will see it after the round trip through the URL.
            const search = qs.stringify(query, { arrayFormat: 'repeat' });
            const received = qs.parse(search, QUERY_LIMITS);
            const response = await t.app.inject({
              method: route.method as 'GET',
              url: `${fillPath(route.url, param)}?${search}`,
              headers: bearer(admin),
              ...(body === undefined ? {} : { payload: body.text, headers: { ...bearer(admin), 'content-type': 'application/json' } }),
            });
            const shownBody = body?.deep ? `JSON nested ${body.deep} levels deep` : body?.text.slice(0, 200);
            const where = `${route.method} ${route.url} param=${param} query=${JSON.stringify(query)} body=${shownBody}`;
            expect(response.statusCode, where).toBeLessThan(500);
            const refusedBody = body !== undefined && (body.deep !== undefined || breaks(route.schema.body, JSON.parse(body.text)));
            if (refusedBody || breaks(route.schema.querystring, received)) {
              expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
              // HEAD answers carry no body; every other refusal has the one error shape.
              if (route.method !== 'HEAD')
                expect(response.json(), where).toMatchObject({ code: expect.any(String), message: expect.any(String) });
            }
          },
        ),
        { numRuns: 40 },
      );
    }
    // Forty inputs for each of the contract's endpoints: its time grows with the contract (about 50 s
    // for 150 endpoints on a loaded 2-core machine), past the 30 s default of a single test.
  }, 240_000);
});
