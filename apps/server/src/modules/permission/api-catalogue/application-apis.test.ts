import type { ExternalApi } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerApplication, userHolding } from '../../../../test/factories/applications.ts';
import { useAdminApp } from '../../../../test/factories/identity.ts';
import { applicationApiId } from './catalogue-api.ts';

const { t, api } = useAdminApp();

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const apisOf = (applicationId: string) => `/v4/applications/${applicationId}/external-apis`;
const grantsOf = (applicationId: string) => `/v4/applications/${applicationId}/apis-authorization`;

/** An OpenAPI 3 document of two operations, with a path item's shared parameter, a header, a reference and a default answer. */
const document = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '1' },
  paths: {
    '/orders/{orderId}': {
      parameters: [{ name: 'orderId', in: 'path', schema: { type: 'string' } }],
      get: {
        summary: 'One order',
        tags: ['orders'],
        parameters: [
          { name: 'X-Tenant', in: 'header', required: true, description: 'The tenant', schema: { type: 'string' } },
          { $ref: '#/components/parameters/Expand' },
        ],
        responses: {
          '200': { description: 'The order', content: { 'application/json': { schema: { type: 'object' } } } },
          default: { description: 'An error' },
        },
      },
      delete: { summary: 'Cancels an order', tags: ['orders', 'changes'], responses: { '204': { description: 'Cancelled' } } },
    },
  },
};

/** An application with the document imported: its APIs' rows, and their ids in the catalogue. */
async function shop() {
  const app = await registerApplication(api, { name: 'Shop' });
  expect((await api.post(`${apisOf(app.id)}/openapi`, document)).json()).toEqual({ created: 2, updated: 0 });
  const rows = (await api.get(apisOf(app.id))).json() as { id: string; method: string }[];
  const rowOf = (method: string) => rows.find((row) => row.method === method) ?? { id: '' };
  const [get, remove] = [rowOf('GET'), rowOf('DELETE')];
  return { app, get, remove, getId: applicationApiId(app.id, get.id), removeId: applicationApiId(app.id, remove.id) };
}
const listed = async (query: string) => (await api.get(`/v4/apis?size=100${query}`)).json();

describe("applications' APIs in the catalogue", () => {
  it('lists an imported OpenAPI operation as its application’s, found by module, source, tag and method, and in the facets', async () => {
    const { app, getId, removeId } = await shop();
    const byModule = await listed(`&module=${app.instant}`);
    expect(byModule.total).toBe(2);
    expect(byModule.list[0]).toEqual({
      id: removeId,
      source: 'application',
      module: app.instant,
      applicationId: app.id,
      applicationName: 'Shop',
      applicationState: 'enabled',
      method: 'DELETE',
      path: '/orders/{orderId}',
      summary: 'Cancels an order',
      tags: ['orders', 'changes'],
      access: 'applications',
    });
    expect((await listed(`&source=application&module=${app.instant}&method=GET`)).list).toEqual([
      expect.objectContaining({ id: getId, summary: 'One order' }),
    ]);
    expect((await listed(`&source=platform&module=${app.instant}`)).total).toBe(0);
    expect((await listed(`&tag=changes`)).list.map((entry: { id: string }) => entry.id)).toEqual([removeId]);
    expect((await listed('&keyword=CANCELS AN')).list).toHaveLength(1);
    const platform = await listed('&source=platform');
    expect(
      platform.list.every((entry: { source: string; applicationId: null }) => entry.source === 'platform' && !entry.applicationId),
    ).toBe(true);

    const facets = (await api.get('/v4/apis/facets')).json();
    expect(facets.modules).toEqual(expect.arrayContaining([app.instant, 'permission']));
    expect(facets.tags).toEqual(expect.arrayContaining(['orders', 'changes']));
    expect(facets.applications).toContainEqual({ module: app.instant, name: 'Shop' });
    expect(facets.applications.map((application: { module: string }) => application.module)).not.toContain('permission');
  });

  it('details its stored parameters and answers, and the applications authorised to call it now, with their expiry', async () => {
    const { app, get, getId, removeId } = await shop();
    const [forGood, until, expired, other] = await Promise.all(
      ['Billing', 'Audit', 'Old', 'Unrelated'].map((name) => registerApplication(api, { name })),
    );
    const authorise = async (caller: string, expiresAt: string | null) =>
      (await api.post(grantsOf(app.id), { apiId: get.id, callerApplicationId: caller, expiresAt })).json() as {
        id: string;
        expiresAt: string;
      };
    const grantForGood = await authorise(forGood?.id ?? '', null);
    const grantUntil = await authorise(until?.id ?? '', inAnHour());
    const grantExpired = await authorise(expired?.id ?? '', inAnHour());
    // Time passes for one: its end moves into the past, by the database's clock.
    await t.database.db.execute(
      sql`update application_api_authorizations set expires_at = now() - interval '1 second' where id = ${grantExpired.id}`,
    );
    await api.patch(`/applications/${until?.id}/state`, { state: 'disabled' });

    const detail = (await api.get(`/v4/apis/${getId}`)).json();
    expect(detail).toMatchObject({
      source: 'application',
      module: app.instant,
      callers: 'applications',
      roles: [],
      points: [],
      body: null,
    });
    expect(detail.parameters).toEqual([
      { in: 'path', name: 'orderId', required: true, description: null, schema: { type: 'string' } },
      { in: 'header', name: 'X-Tenant', required: true, description: 'The tenant', schema: { type: 'string' } },
    ]);
    expect(detail.responses).toEqual([
      { status: 200, schema: document.paths['/orders/{orderId}'].get.responses['200'] },
      { status: 'default', schema: { description: 'An error' } },
    ]);
    expect(detail.applications).toEqual([
      {
        authorizationId: grantUntil.id,
        id: until?.id,
        instant: until?.instant,
        name: 'Audit',
        state: 'disabled',
        expiresAt: grantUntil.expiresAt,
      },
      { authorizationId: grantForGood.id, id: forGood?.id, instant: forGood?.instant, name: 'Billing', state: 'enabled', expiresAt: null },
    ]);
    expect(detail.applications.map((caller: { id: string }) => caller.id)).not.toContain(other?.id);
    // An API nobody was authorised for: no caller.
    expect((await api.get(`/v4/apis/${removeId}`)).json()).toMatchObject({ applications: [], responses: [{ status: 204 }] });
  });

  it('details an imported request body: the JSON schema and the other media types; an edit keeps it, a bad one is refused', async () => {
    const app = await registerApplication(api, { name: 'Orders' });
    const order = { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } };
    const placing = {
      openapi: '3.1.0',
      paths: {
        '/orders': {
          post: {
            summary: 'Places an order',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: order }, 'multipart/form-data': { schema: { type: 'object' } } },
            },
            responses: { '201': { description: 'Placed' } },
          },
        },
      },
    };
    expect((await api.post(`${apisOf(app.id)}/openapi`, placing)).json()).toEqual({ created: 1, updated: 0 });
    const [stored] = (await api.get(apisOf(app.id))).json() as ExternalApi[];
    const detailPath = `/v4/apis/${applicationApiId(app.id, stored?.id ?? '')}`;
    const shown = { body: order, consumes: ['multipart/form-data'] };
    expect((await api.get(detailPath)).json()).toMatchObject(shown);

    // The console's edit sends back what it does not edit, as the web's form does.
    const { id, applicationId, createdAt: _created, updatedAt: _updated, ...fields } = stored as ExternalApi;
    const edited = await api.put(`${apisOf(applicationId)}/${id}`, { ...fields, summary: 'Places one order' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await api.get(detailPath)).json()).toMatchObject({ ...shown, summary: 'Places one order' });

    const bad = structuredClone(placing) as { paths: { '/orders': { post: { requestBody: unknown } } } };
    bad.paths['/orders'].post.requestBody = { description: 'no content' };
    const refused = await api.post(`${apisOf(app.id)}/openapi`, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.operations).toEqual([expect.objectContaining({ operation: 'POST /orders', field: 'requestBody' })]);
  });

  it("keeps a disabled application's APIs, marked; a deleted application's, and a removed API, are gone", async () => {
    const { app, remove, getId, removeId } = await shop();
    await api.patch(`/applications/${app.id}/state`, { state: 'disabled' });
    const disabled = await listed(`&module=${app.instant}`);
    expect(disabled.list.map((entry: { applicationState: string }) => entry.applicationState)).toEqual(['disabled', 'disabled']);
    expect((await api.get(`/v4/apis/${getId}`)).json()).toMatchObject({ applicationState: 'disabled' });

    expect((await api.delete(`${apisOf(app.id)}/${remove.id}`)).statusCode).toBe(200);
    expect((await api.get(`/v4/apis/${removeId}`)).statusCode).toBe(404);

    expect((await api.delete(`/applications/${app.id}`)).statusCode).toBe(200);
    expect((await listed(`&module=${app.instant}`)).total).toBe(0);
    expect((await api.get(`/v4/apis/${getId}`)).statusCode).toBe(404);
    expect((await api.get('/v4/apis/facets')).json().modules).not.toContain(app.instant);
  });

  it('answers 400 naming the field for a bad source, module or id', async () => {
    for (const [query, field] of [
      ['source=applications', 'source'],
      [`module=${'m'.repeat(101)}`, 'module'],
      ['method=TRACE', 'method'],
    ]) {
      const answer = await api.get(`/v4/apis?${query}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(field ?? '');
    }
    expect((await api.get('/v4/apis/not%20an%20id')).statusCode).toBe(400);
    // The longest path an application may declare still has a short id the detail takes, and the edited API keeps it.
    const app = await registerApplication(api);
    const path = `/${'p'.repeat(511)}`;
    const declared = (await api.post(apisOf(app.id), { method: 'OPTIONS', path })).json();
    const id = applicationApiId(app.id, declared.id);
    expect((await api.get(`/v4/apis/${id}`)).json()).toMatchObject({ id, method: 'OPTIONS', path });
    await api.put(`${apisOf(app.id)}/${declared.id}`, { method: 'PATCH', path: '/short' });
    expect((await api.get(`/v4/apis/${id}`)).json()).toMatchObject({ id, method: 'PATCH', path: '/short' });
  });

  it("are seen by holders of the catalogue's point; an application's owner without it gets 403 there", async () => {
    const { app, getId } = await shop();
    const reader = await userHolding(t, ['applicationManage:api-management:query']);
    expect((await reader.api.get(`/v4/apis?module=${app.instant}`)).json().total).toBe(2);
    expect((await reader.api.get(`/v4/apis/${getId}`)).statusCode).toBe(200);

    const owner = await userHolding(t, []);
    await api.patch(`/applications/${app.id}/owner`, { ownerId: owner.user.id });
    expect((await owner.api.get(apisOf(app.id))).statusCode).toBe(200);
    for (const path of [`/v4/apis?module=${app.instant}`, '/v4/apis/facets', `/v4/apis/${getId}`]) {
      expect((await owner.api.get(path)).statusCode).toBe(403);
    }
  });
});
