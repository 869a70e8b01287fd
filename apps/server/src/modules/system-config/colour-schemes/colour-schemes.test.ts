import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiAs, auditOf, makeRole, makeUser, tokenOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { COLOUR_SCHEMES_CHANGED_TOPIC } from '../index.ts';

const { t, api } = useModuleApp('/api/system-config');

const scheme = (name: string, extra: Record<string, unknown> = {}) => ({ name, primary: '#1677FF', ...extra });

describe('colour schemes', () => {
  it('creates, reads, edits and deletes schemes, the first one the top, with audit entries and events', async () => {
    const events: string[] = [];
    const unsubscribe = t.events.subscribe(COLOUR_SCHEMES_CHANGED_TOPIC, (payload) => events.push(payload));
    const first = (await api.post('/color-schemas', scheme('Ocean', { colours: { success: '#52C41A', bgBase: '#fff' } }))).json();
    expect(first).toMatchObject({ name: 'Ocean', primary: '#1677ff', colours: { success: '#52c41a', bgBase: '#fff' }, top: true });
    const second = (await api.post('/color-schemas', scheme('Forest', { description: 'green' }))).json();
    expect(second).toMatchObject({ top: false, description: 'green', colours: {} });
    expect(events.length).toBe(2);
    unsubscribe();

    expect((await api.get(`/color-schemas/${second.id}`)).json()).toEqual(second);
    const edited = (await api.put(`/color-schemas/${second.id}`, scheme('Forest', { primary: '#00AA00' }))).json();
    expect(edited).toMatchObject({ primary: '#00aa00', description: 'green', top: false });
    const list = (await api.get('/color-schemas')).json();
    expect(list.list.map((s: { name: string }) => s.name)).toEqual(['Ocean', 'Forest']);
    expect((await api.get('/color-schemas?keyword=fore')).json().total).toBe(1);
    for (const action of ['colour-schemes.create', 'colour-schemes.update']) {
      expect((await auditOf(t, action))[0]?.targetType, action).toBe('colour-scheme');
    }
  });

  it('keeps exactly one top scheme: PUT top moves it, and the top one is deleted only last', async () => {
    const schemes = (await api.get('/color-schemas')).json().list as { id: string; name: string; top: boolean }[];
    const [ocean, forest] = schemes;
    if (!ocean || !forest) throw new Error('the schemes of the first test');
    const moved = await api.put('/color-schemas/top', { id: forest.id });
    expect(moved.json()).toMatchObject({ id: forest.id, top: true });
    expect((await api.get('/color-schemas/top')).json()).toMatchObject({ id: forest.id });
    const tops = (await api.get('/color-schemas')).json().list.filter((s: { top: boolean }) => s.top);
    expect(tops).toHaveLength(1);
    expect((await auditOf(t, 'colour-schemes.top.update'))[0]?.targetId).toBe(forest.id);

    const refused = await api.delete(`/color-schemas/${forest.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'top' } });
    expect((await api.delete(`/color-schemas/${ocean.id}`)).json()).toEqual({ ok: true });
    expect((await api.delete(`/color-schemas/${forest.id}`)).json()).toEqual({ ok: true });
    expect((await api.get('/color-schemas/top')).json()).toBeNull();
    expect((await auditOf(t, 'colour-schemes.delete')).map((entry) => entry.targetId)).toEqual([forest.id, ocean.id]);
    expect((await api.put('/color-schemas/top', { id: randomUUID() })).statusCode).toBe(404);
  });

  it('refuses duplicates with 409 and bad colours with 400 naming the field', async () => {
    await api.post('/color-schemas', scheme('Taken'));
    const duplicate = await api.post('/color-schemas', scheme('Taken'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'name' } });
    const badHex = await api.post('/color-schemas', scheme('Bad', { primary: 'blue' }));
    expect(badHex.statusCode).toBe(400);
    expect(badHex.json().details.field).toBe('body.primary');
    const badToken = await api.post('/color-schemas', scheme('Bad', { colours: { success: '#12345' } }));
    expect(badToken.json().details.field).toBe('body.colours.success');
    const unknownToken = await api.post('/color-schemas', scheme('Bad', { colours: { sparkle: '#123456' } }));
    expect(unknownToken.statusCode).toBe(400);
    expect((await api.get('/color-schemas?keyword=Bad')).json().total).toBe(0);
  });

  it('shows the top scheme to any signed-in user, and its management only to colorConfig holders', async () => {
    const plain = apiAs(t, await tokenOf(t, await makeUser(t)), '/api/system-config');
    expect((await plain.get('/color-schemas/top')).statusCode).toBe(200);
    expect((await plain.get('/color-schemas')).statusCode).toBe(403);
    const role = await makeRole(t, { resources: ['systemManage:systemStyle:colorConfig'] });
    const designer = apiAs(t, await tokenOf(t, await makeUser(t, { roleIds: [role.id] })), '/api/system-config');
    expect((await designer.post('/color-schemas', scheme('Designer'))).statusCode).toBe(200);
    const maps = await designer.post('/base-maps/list', {});
    expect(maps.statusCode).toBe(403);
    expect((await designer.post('/base-maps', { name: 'x', type: 'XYZ', url: 'https://t/{z}/{x}/{y}.png' })).statusCode).toBe(403);
    expect((await designer.delete('/icons/classification/menu', { names: ['x'] })).statusCode).toBe(403);
  });
});
