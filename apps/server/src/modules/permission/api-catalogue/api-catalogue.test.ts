import { ALL_ENDPOINTS, apiCatalogueEndpoints, groupEndpoints } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { apiAs, makeRole, makeUser, tokenOf, useAdminApp } from '../../../../test/factories/identity.ts';
import { platformApiId as idOf } from './catalogue-api.ts';

const { t, api } = useAdminApp();

const HTTP_METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);

/** Every page of the catalogue's list for this query string. */
async function everyEntry(query = '') {
  const entries: { method: string; path: string; module: string; tags: string[]; access: string }[] = [];
  for (let page = 1; ; page++) {
    const answer = (await api.get(`/v4/apis?size=100&page=${page}${query}`)).json();
    entries.push(...answer.list);
    if (entries.length >= answer.total) return { entries, total: answer.total as number };
  }
}

describe('the API catalogue', () => {
  it('lists every operation of the OpenAPI document the server publishes, no more and no fewer', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => HTTP_METHODS.has(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    // The platform's own: applications' APIs are another source (application-apis.test.ts).
    const { entries, total } = await everyEntry('&source=platform');
    expect(total).toBe(documented.length);
    expect(total).toBe(ALL_ENDPOINTS.length);
    // The document writes path parameters as `{name}`, as the declarations do: the same set of calls.
    expect(new Set(entries.map((entry) => `${entry.method} ${entry.path}`))).toEqual(new Set(documented));
  });

  it('searches by module, tag, method and text, server-paged', async () => {
    const oss = await everyEntry('&module=oss');
    expect(oss.total).toBe(ALL_ENDPOINTS.filter((e) => e.path.startsWith('/api/oss/')).length);
    expect(oss.entries.every((entry) => entry.module === 'oss')).toBe(true);

    const groups = await everyEntry('&tag=groups&method=POST');
    expect(groups.entries.length).toBeGreaterThan(0);
    expect(groups.entries.every((entry) => entry.method === 'POST' && entry.tags.includes('groups'))).toBe(true);

    const text = (await api.get('/v4/apis?keyword=LIVENESS')).json();
    expect(text.list).toEqual([expect.objectContaining({ path: '/api/health', module: 'platform', access: 'open' })]);

    const page2 = (await api.get('/v4/apis?size=5&page=2&source=platform')).json();
    const page1 = (await api.get('/v4/apis?size=5&page=1&source=platform')).json();
    expect(page2).toMatchObject({ page: 2, size: 5, total: ALL_ENDPOINTS.length });
    expect(page2.list).toHaveLength(5);
    expect(page2.list[0].id).not.toBe(page1.list[0].id);

    const facets = (await api.get('/v4/apis/facets')).json();
    expect(facets.modules).toEqual(expect.arrayContaining(['permission', 'oss', 'message-engine', 'reception-center', 'platform']));
    expect(facets.tags).toContain('api catalogue');
  });

  it('details a gated API with its parameters, answers and the roles granted a point gating it', async () => {
    const role = await makeRole(t, { resources: ['systemManage:organizationManage:userGroup:update'] });
    const detail = (await api.get(`/v4/apis/${idOf('PUT', groupEndpoints.update.path)}`)).json();
    expect(detail).toMatchObject({
      method: 'PUT',
      path: groupEndpoints.update.path,
      access: 'gated',
      callers: 'roles',
      module: 'permission',
    });
    expect(detail.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id', required: true, schema: expect.objectContaining({ format: 'uuid' }) }),
    ]);
    expect(detail.body).toMatchObject({ type: 'object', properties: expect.objectContaining({ name: expect.any(Object) }) });
    expect(detail.responses.map((r: { status: number }) => r.status)).toEqual(expect.arrayContaining([200, 404]));
    expect(detail.points).toContain('systemManage:organizationManage:userGroup:update');
    expect(detail.roles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: role.id, through: ['systemManage:organizationManage:userGroup:update'] }),
        expect.objectContaining({ code: 'superAdmin', through: [] }),
      ]),
    );

    const list = (await api.get(`/v4/apis/${idOf('GET', apiCatalogueEndpoints.list.path)}`)).json();
    expect(list.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:module', 'query:tag', 'query:method', 'query:keyword', 'query:page']),
    );
    expect(list.parameters.find((p: { name: string }) => p.name === 'module').required).toBe(false);
  });

  it('says who may call open and signed-in APIs', async () => {
    const health = (await api.get(`/v4/apis/${idOf('GET', '/api/health')}`)).json();
    expect(health).toMatchObject({ access: 'open', callers: 'anyone', roles: [], points: [] });
    const signedIn = ALL_ENDPOINTS.find((e) => e.access === 'signedIn');
    if (!signedIn) throw new Error('no signed-in endpoint declared');
    const detail = (await api.get(`/v4/apis/${idOf(signedIn.method, signedIn.path)}`)).json();
    expect(detail).toMatchObject({ access: 'signedIn', callers: 'signedIn', roles: [] });
  });

  it('answers 400 naming the field for bad input and 404 for an unknown API', async () => {
    const method = await api.get('/v4/apis?method=FETCH');
    expect(method.statusCode).toBe(400);
    expect(method.json().message).toMatch(/method/);
    expect((await api.get('/v4/apis?size=1000')).statusCode).toBe(400);
    expect((await api.get('/v4/apis/not%20an%20id')).statusCode).toBe(400);
    const unknown = await api.get(`/v4/apis/${idOf('GET', '/api/nothing')}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('is read only by holders of its point: another narrow permission gets 403', async () => {
    const readerRole = await makeRole(t, { resources: ['applicationManage:api-management:query'] });
    const reader = await makeUser(t, { roleIds: [readerRole.id] });
    const readerApi = apiAs(t, await tokenOf(t, reader));
    expect((await readerApi.get('/v4/apis?size=1')).statusCode).toBe(200);
    // The detail names the role the server let through, and the point it holds the call by.
    const listDetail = (await readerApi.get(`/v4/apis/${idOf('GET', apiCatalogueEndpoints.list.path)}`)).json();
    expect(listDetail.roles).toContainEqual(
      expect.objectContaining({ id: readerRole.id, through: ['applicationManage:api-management:query'] }),
    );
    expect((await readerApi.get(`/v4/apis/${idOf('GET', '/api/health')}`)).statusCode).toBe(200);

    const other = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['applicationManage:page-models:query'] })).id] });
    const otherApi = apiAs(t, await tokenOf(t, other));
    for (const path of ['/v4/apis', '/v4/apis/facets', `/v4/apis/${idOf('GET', '/api/health')}`]) {
      expect((await otherApi.get(path)).statusCode).toBe(403);
    }
  });
});
