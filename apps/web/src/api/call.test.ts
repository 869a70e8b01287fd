import { applicationEndpoints, groupEndpoints, positionEndpoints, relationEndpoints, type Group, type PageOf } from '@portal/contracts';
import { AxiosError } from 'axios';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { answerWith } from '../test/fakeServer.ts';
import { call, callForResponse } from './call.ts';
import { http } from './http.ts';

const GROUP_ID = '6f1c2b1e-3c7a-4d55-9a51-0d8e2f1a7b10';
const USER_ID = '0b9a6c52-8f0e-4a2b-bb0f-3d5e7c1a9f24';

describe('call', () => {
  it('takes method and path from the endpoint and fills in the path parameters, encoded', async () => {
    const sent = answerWith({ id: 'a/b' });
    await expect(call(groupEndpoints.get, { params: { id: 'a/b' } })).resolves.toEqual({ id: 'a/b' });
    expect(sent[0]?.method).toBe('get');
    expect(sent[0]?.url).toBe('/api/permission/groups/a%2Fb');
  });

  it('sends the query through the client’s serializer (arrays repeated, empty values left out)', async () => {
    const sent = answerWith({ list: [], total: 0, page: 1, size: 20 });
    await call(groupEndpoints.list, { query: { page: 2, keyword: 'sales team', actived: true } });
    const [config] = sent;
    expect(config && http.getUri(config)).toBe('/api/permission/groups?page=2&keyword=sales%20team&actived=true');
  });

  it('sends the body as JSON, on DELETE too', async () => {
    const sent = answerWith({ changed: 1 });
    await call(relationEndpoints.groupUsers.remove, { body: { groupId: GROUP_ID, userIds: [USER_ID] } });
    expect(sent[0]?.method).toBe('delete');
    expect(sent[0]?.url).toBe('/api/permission/rels/users/groups');
    expect(JSON.parse(String(sent[0]?.data))).toEqual({ groupId: GROUP_ID, userIds: [USER_ID] });
  });

  it('passes axios options through (silent: no generic error toast)', async () => {
    const sent = answerWith([]);
    await call(positionEndpoints.simpleList, undefined, { silent: true });
    expect(sent[0]?.silent).toBe(true);
    expect(sent[0]?.url).toBe('/api/permission/v1/stations/simple/list');
  });

  it('answers the whole response when asked: a HEAD check reads the status', async () => {
    const sent = answerWith('', 404);
    const response = await callForResponse(
      applicationEndpoints.instantTaken,
      { params: { instant: 'crm' } },
      { validateStatus: (status) => status === 200 || status === 404 },
    );
    expect(response.status).toBe(404);
    expect(sent[0]?.method).toBe('head');
    expect(sent[0]?.url).toBe('/api/permission/v4/applications/instant/crm');
  });

  it('rejects with the axios error of a failed call, so the client’s refresh and toasts see it', async () => {
    answerWith({ code: 'NOT_FOUND', message: 'No such group' }, 404);
    const failure = await call(groupEndpoints.remove, { params: { id: GROUP_ID } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AxiosError);
    expect((failure as AxiosError).response?.status).toBe(404);
  });

  it('is typed by the endpoint: its input and its answer', () => {
    // Functions, never called: only their types are checked.
    expectTypeOf(() => call(groupEndpoints.list)).returns.resolves.toEqualTypeOf<PageOf<Group>>();
    expectTypeOf(() => call(groupEndpoints.get, { params: { id: GROUP_ID } })).returns.resolves.toExtend<Group>();
    // @ts-expect-error: a path parameter is required
    expectTypeOf(() => call(groupEndpoints.get)).toBeFunction();
    // @ts-expect-error: the groups list takes no body
    expectTypeOf(() => call(groupEndpoints.list, { body: {} })).toBeFunction();
  });
});
