import { describe, expect, it } from 'vitest';
import { layerSpecOf, previewZoom } from './layerSpec.ts';

const base = { layers: null, layer: null, matrixSet: null, format: null, attribution: null, minZoom: 0, maxZoom: 18 };

describe('a base map as a Leaflet layer', () => {
  it('draws an XYZ template as it is, with its attribution and zoom range', () => {
    expect(layerSpecOf({ ...base, type: 'XYZ', url: 'https://{s}.tile.example.org/{z}/{x}/{y}.png', attribution: '© Example' })).toEqual({
      kind: 'tiles',
      url: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      options: { minZoom: 0, maxZoom: 18, attribution: '© Example' },
    });
  });

  it('counts rows from the south for a {-y} template', () => {
    const spec = layerSpecOf({ ...base, type: 'XYZ', url: 'https://t.example.org/{z}/{x}/{-y}.png' });
    expect(spec).toEqual({ kind: 'tiles', url: 'https://t.example.org/{z}/{x}/{y}.png', options: { minZoom: 0, maxZoom: 18, tms: true } });
  });

  it('asks a WMS service for its layers, PNG unless another format is set', () => {
    expect(layerSpecOf({ ...base, type: 'WMS', url: 'https://wms.example.org/wms', layers: 'roads,rivers' })).toEqual({
      kind: 'wms',
      url: 'https://wms.example.org/wms',
      options: { minZoom: 0, maxZoom: 18, layers: 'roads,rivers', format: 'image/png', transparent: false },
    });
  });

  it('fills a WMTS REST template, and builds a GetTile request for a KVP address', () => {
    const rest = layerSpecOf({
      ...base,
      type: 'WMTS',
      url: 'https://w.example.org/{Layer}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png',
      layer: 'topo',
      matrixSet: 'WebMercator',
    });
    expect(rest.url).toBe('https://w.example.org/topo/WebMercator/{z}/{y}/{x}.png');
    const kvp = layerSpecOf({
      ...base,
      type: 'WMTS',
      url: 'https://w.example.org/wmts',
      layer: 'topo',
      matrixSet: 'g',
      format: 'image/jpeg',
    });
    expect(kvp.url).toBe(
      'https://w.example.org/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=topo&STYLE=default&TILEMATRIXSET=g&FORMAT=image%2Fjpeg&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}',
    );
  });

  it('opens the preview at a world view within the zoom range', () => {
    expect(previewZoom({ minZoom: 0, maxZoom: 18 })).toBe(2);
    expect(previewZoom({ minZoom: 5, maxZoom: 18 })).toBe(5);
    expect(previewZoom({ minZoom: 0, maxZoom: 1 })).toBe(1);
  });
});
