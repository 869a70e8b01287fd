import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs, auditOf, makeUser, tokenOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { dictItems } from '../../../../test/tables.ts';

const { t, api } = useModuleApp('/api/system-config');

const item = (code: string, extra: Record<string, unknown> = {}) => ({ code, label: code.toUpperCase(), value: code, ...extra });

async function makeDictionary(code: string) {
  const response = await api.post('/dict', { code, name: `Dictionary ${code}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; code: string };
}

describe('dictionaries', () => {
  it('creates, edits and deletes dictionaries with audit entries; a taken code answers 409', async () => {
    const dictionary = await makeDictionary('gender');
    expect(dictionary).toMatchObject({ code: 'gender', itemCount: 0, description: null });
    const edited = (await api.put(`/dict/${dictionary.id}`, { code: 'gender', name: 'Gender', description: 'as asked' })).json();
    expect(edited).toMatchObject({ name: 'Gender', description: 'as asked' });
    expect((await api.get(`/dict/${dictionary.id}`)).json()).toEqual(edited);
    expect((await api.get('/dict?keyword=gend')).json().total).toBe(1);
    const duplicate = await api.post('/dict', { code: 'gender', name: 'Again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details.field).toBe('code');
    expect((await api.post('/dict', { code: 'bad code', name: 'x' })).json().details.field).toBe('body.code');
    expect((await auditOf(t, 'dictionaries.update'))[0]?.targetId).toBe(dictionary.id);
  });

  it('keeps items as a tree: codes unique per dictionary, parents of the same dictionary, no cycles', async () => {
    const region = await makeDictionary('region');
    const other = await makeDictionary('other');
    const europe = (await api.post(`/dict/${region.id}/items`, item('europe', { sort: 2 }))).json();
    const asia = (await api.post(`/dict/${region.id}/items`, item('asia', { sort: 1 }))).json();
    const france = (await api.post(`/dict/${region.id}/items`, item('france', { parentId: europe.id }))).json();
    const paris = (await api.post(`/dict/${region.id}/items`, item('paris', { parentId: france.id }))).json();
    expect(paris).toMatchObject({ parentId: france.id, enabled: true, children: [] });
    expect((await api.post(`/dict/${other.id}/items`, item('europe'))).statusCode).toBe(200);

    const tree = (await api.get(`/dict/${region.id}/items`)).json();
    expect(tree.map((node: { code: string }) => node.code)).toEqual(['asia', 'europe']);
    expect(tree[1].children[0]).toMatchObject({ code: 'france', children: [{ code: 'paris' }] });

    const duplicate = await api.post(`/dict/${region.id}/items`, item('asia'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details.field).toBe('code');
    const foreignParent = await api.post(`/dict/${other.id}/items`, item('lyon', { parentId: france.id }));
    expect(foreignParent.json()).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'parentId' } });
    const cycle = await api.put(`/dict/${region.id}/items/${europe.id}`, item('europe', { parentId: paris.id }));
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().details.field).toBe('parentId');
    expect((await api.put(`/dict/${region.id}/items/${europe.id}`, item('europe', { parentId: europe.id }))).statusCode).toBe(400);
    const moved = await api.put(`/dict/${region.id}/items/${france.id}`, item('france', { parentId: asia.id, label: 'France' }));
    expect(moved.json()).toMatchObject({ parentId: asia.id, label: 'France' });
    expect((await api.put(`/dict/${other.id}/items/${france.id}`, item('france'))).statusCode).toBe(404);
    expect((await auditOf(t, 'dict-items.update'))[0]?.targetId).toBe(france.id);

    expect((await api.delete(`/dict/${region.id}/items/${france.id}`)).json()).toEqual({ ok: true });
    expect((await api.get(`/dict/${region.id}/items`)).json()[0]).toMatchObject({ code: 'asia', children: [] });
    expect((await auditOf(t, 'dict-items.delete'))[0]?.before).toMatchObject({ code: 'france', removedUnder: ['paris'] });
  });

  it('answers GET /dict/lists to any signed-in user: enabled items as trees, filtered by codes', async () => {
    const status = await makeDictionary('status');
    const on = (await api.post(`/dict/${status.id}/items`, item('on'))).json();
    await api.post(`/dict/${status.id}/items`, item('sub', { parentId: on.id }));
    const off = (await api.post(`/dict/${status.id}/items`, item('off', { enabled: false }))).json();
    await api.post(`/dict/${status.id}/items`, item('hidden', { parentId: off.id }));

    const plain = apiAs(t, await tokenOf(t, await makeUser(t)), '/api/system-config');
    const lists = await plain.get('/dict/lists?codes=status&codes=region');
    expect(lists.statusCode).toBe(200);
    expect(lists.json().map((d: { code: string }) => d.code)).toEqual(['region', 'status']);
    const statusList = lists.json()[1];
    expect(statusList.items).toEqual([expect.objectContaining({ code: 'on', children: [expect.objectContaining({ code: 'sub' })] })]);
    expect((await plain.get('/dict/lists?codes=status')).json()).toHaveLength(1);
    expect((await plain.get('/dict')).statusCode).toBe(403);
  });

  it('deletes a dictionary with its items', async () => {
    const doomed = await makeDictionary('doomed');
    await api.post(`/dict/${doomed.id}/items`, item('a'));
    expect((await api.get(`/dict/${doomed.id}`)).json().itemCount).toBe(1);
    expect((await api.delete(`/dict/${doomed.id}`)).json()).toEqual({ ok: true });
    expect(await t.database.db.select().from(dictItems).where(eq(dictItems.dictionaryId, doomed.id))).toEqual([]);
    expect((await auditOf(t, 'dictionaries.delete'))[0]?.before).toMatchObject({ code: 'doomed', items: [{ code: 'a' }] });
    expect((await api.get(`/dict/${randomUUID()}/items`)).statusCode).toBe(404);
  });
});
