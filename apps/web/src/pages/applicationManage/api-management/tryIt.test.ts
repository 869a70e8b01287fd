import { describe, expect, it } from 'vitest';
import { isPlatformApi, takesBody, tryItRequest, type PlatformApiDetail } from './tryIt.ts';

const api = (overrides: Partial<PlatformApiDetail>): PlatformApiDetail => ({
  id: 'x',
  source: 'platform',
  module: 'permission',
  applicationId: null,
  applicationName: null,
  applicationState: null,
  method: 'GET',
  path: '/api/permission/v4/page-models/{id}/versions/{version}',
  summary: 'One version',
  tags: [],
  access: 'gated',
  description: null,
  parameters: [
    { in: 'path', name: 'id', required: true, description: null, schema: {} },
    { in: 'path', name: 'version', required: true, description: null, schema: {} },
    { in: 'query', name: 'keyword', required: false, description: null, schema: {} },
    { in: 'query', name: 'size', required: false, description: null, schema: {} },
  ],
  body: null,
  consumes: [],
  responses: [],
  callers: 'roles',
  roles: [],
  points: [],
  applications: [],
  ...overrides,
});

describe('the try-it request', () => {
  it('fills the path, sends filled query parameters only, and shows the request line', () => {
    const request = tryItRequest(api({}), {
      parameters: { 'path:id': 'a b', 'path:version': ' 2 ', 'query:keyword': 'x&y', 'query:size': '' },
      body: '',
    });
    expect(request.params).toEqual({ id: 'a b', version: '2' });
    expect(request.query).toEqual({ keyword: 'x&y' });
    expect(request.body).toBeUndefined();
    expect(request.line).toBe('GET /api/permission/v4/page-models/a%20b/versions/2?keyword=x%26y');
    expect(request.endpoint).toMatchObject({ method: 'GET', path: api({}).path });
  });

  it('parses the JSON body of a call that takes one, and refuses one that is not JSON', () => {
    const post = api({ method: 'POST', path: '/api/permission/v4/page-models', parameters: [], body: { type: 'object' } });
    expect(takesBody(post)).toBe(true);
    expect(takesBody(api({}))).toBe(false);
    expect(tryItRequest(post, { parameters: {}, body: '{"name":"x"}' }).body).toEqual({ name: 'x' });
    expect(() => tryItRequest(post, { parameters: {}, body: '{"name":' })).toThrow(SyntaxError);
  });

  it('refuses to build a call whose path parameter is missing', () => {
    expect(() => tryItRequest(api({}), { parameters: { 'path:id': 'a' }, body: '' })).toThrow(/version/);
  });

  it("is offered for the platform's own calls only, not for an application's", () => {
    expect(isPlatformApi(api({}))).toBe(true);
    const applications = { source: 'application', access: 'applications', callers: 'applications' } as const;
    expect(isPlatformApi({ ...api({}), ...applications, applicationId: 'a', applicationName: 'Shop', applicationState: 'enabled' })).toBe(
      false,
    );
  });
});
