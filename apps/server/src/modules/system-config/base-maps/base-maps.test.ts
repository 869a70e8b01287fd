import { describe, expect, it } from 'vitest';
import { auditOf, useModuleApp } from '../../../../test/factories/identity.ts';

const { t, api } = useModuleApp('/api/system-config');

const xyz = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'XYZ',
  url: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
  ...extra,
});
const defaults = async () =>
  (await api.post('/base-maps/list', { size: 100 })).json().list.filter((m: { isDefault: boolean }) => m.isDefault);

describe('base maps', () => {
  it('creates XYZ, WMS and WMTS maps, the first enabled one the default, and pages them by body filters', async () => {
    const osm = await api.post('/base-maps', xyz('OSM', { attribution: '© OpenStreetMap', minZoom: 2, maxZoom: 19 }));
    expect(osm.statusCode).toBe(200);
    expect(osm.json()).toMatchObject({ type: 'XYZ', isDefault: true, enabled: true, minZoom: 2, maxZoom: 19, layers: null });
    const wms = await api.post('/base-maps', {
      name: 'Ortho',
      type: 'WMS',
      url: 'https://wms.example.org/service',
      layers: 'ortho,roads',
      format: 'image/jpeg',
      matrixSet: 'ignored',
    });
    expect(wms.json()).toMatchObject({ type: 'WMS', layers: 'ortho,roads', format: 'image/jpeg', matrixSet: null, isDefault: false });
    const wmts = await api.post('/base-maps', {
      name: 'Topo',
      type: 'WMTS',
      url: 'https://wmts.example.org/{Layer}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png',
      layer: 'topo',
      matrixSet: 'EPSG:3857',
      enabled: false,
    });
    expect(wmts.json()).toMatchObject({ layer: 'topo', matrixSet: 'EPSG:3857', enabled: false, isDefault: false });

    const page = (await api.post('/base-maps/list', { size: 2 })).json();
    expect(page).toMatchObject({ total: 3, size: 2 });
    expect(page.list[0].name).toBe('OSM');
    expect((await api.post('/base-maps/list', { type: 'WMTS' })).json().list.map((m: { name: string }) => m.name)).toEqual(['Topo']);
    expect((await api.post('/base-maps/list', { enabled: false })).json().total).toBe(1);
    expect((await api.post('/base-maps/list', { keyword: 'orth' })).json().total).toBe(1);
    expect((await api.get(`/base-maps/${wms.json().id}`)).json()).toEqual(wms.json());
    expect((await auditOf(t, 'base-maps.create')).length).toBe(3);
  });

  it('keeps exactly one enabled default: PUT default moves it, the default is neither disabled nor deleted while others exist', async () => {
    const maps = (await api.post('/base-maps/list', { size: 100 })).json().list as { id: string; name: string }[];
    const byName = (name: string) => maps.find((m) => m.name === name)?.id as string;
    const [osm, ortho, topo] = [byName('OSM'), byName('Ortho'), byName('Topo')];

    expect((await api.put(`/base-maps/${topo}/default`, {})).statusCode).toBe(409);
    const enabled = await api.patch(`/base-maps/${topo}/state`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, isDefault: false });
    const moved = await api.put(`/base-maps/${ortho}/default`, {});
    expect(moved.json()).toMatchObject({ id: ortho, isDefault: true });
    expect((await defaults()).map((m: { id: string }) => m.id)).toEqual([ortho]);

    const disable = await api.patch(`/base-maps/${ortho}/state`, { enabled: false });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().details.field).toBe('enabled');
    expect(
      (await api.put(`/base-maps/${ortho}`, { name: 'Ortho', type: 'WMS', url: 'https://wms.example.org/service', enabled: false }))
        .statusCode,
    ).toBe(409);
    const deleteDefault = await api.delete(`/base-maps/${ortho}`);
    expect(deleteDefault.statusCode).toBe(409);
    expect(deleteDefault.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'default' } });

    expect((await api.patch(`/base-maps/${osm}/state`, { enabled: false })).json()).toMatchObject({ enabled: false });
    for (const id of [osm, topo]) expect((await api.delete(`/base-maps/${id}`)).json()).toEqual({ ok: true });
    expect((await api.delete(`/base-maps/${ortho}`)).json()).toEqual({ ok: true });
    expect(await defaults()).toEqual([]);
    for (const action of ['base-maps.default.update', 'base-maps.state.update', 'base-maps.delete']) {
      expect((await auditOf(t, action)).length, action).toBeGreaterThan(0);
    }
  });

  it('refuses bad definitions with 400 naming the field, and duplicate names with 409', async () => {
    const refused = async (body: Record<string, unknown>, field: string) => {
      const response = await api.post('/base-maps', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details.field, JSON.stringify(body)).toBe(field);
    };
    await refused(xyz('No z', { url: 'https://tiles.example.org/{x}/{y}.png' }), 'url');
    await refused(xyz('Odd', { url: 'https://tiles.example.org/{z}/{x}/{y}/{evil}.png' }), 'url');
    await refused(xyz('Script', { url: 'javascript:alert(1)//{z}/{x}/{y}' }), 'url');
    await refused(xyz('Relative', { url: '/tiles/{z}/{x}/{y}.png' }), 'url');
    await refused(xyz('Zoom', { minZoom: 10, maxZoom: 3 }), 'maxZoom');
    await refused(xyz('Deep', { maxZoom: 25 }), 'body.maxZoom');
    await refused({ name: 'Type', type: 'TMS', url: 'https://t.example.org/{z}/{x}/{y}' }, 'body.type');
    await refused({ name: 'WMS', type: 'WMS', url: 'https://wms.example.org/service' }, 'layers');
    await refused({ name: 'WMTS', type: 'WMTS', url: 'https://wmts.example.org/', layer: 'x' }, 'matrixSet');
    expect((await api.post('/base-maps', xyz('Twice'))).statusCode).toBe(200);
    const duplicate = await api.post('/base-maps', xyz('Twice'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details.field).toBe('name');
    expect((await api.post('/base-maps/list', {})).json().total).toBe(1);
  });
});
