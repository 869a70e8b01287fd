import type { BaseMap } from '@portal/contracts';

/** How Leaflet draws a base map: a tile template (XYZ, and WMTS turned into one) or a WMS layer. */
export type LayerSpec =
  | { kind: 'tiles'; url: string; options: TileOptions }
  | { kind: 'wms'; url: string; options: TileOptions & { layers: string; format: string; transparent: false } };

export interface TileOptions {
  minZoom: number;
  maxZoom: number;
  attribution?: string;
  /** The {-y} of a TMS template: rows counted from the south. */
  tms?: boolean;
}

const DEFAULT_FORMAT = 'image/png';

/** A WMTS REST template's placeholders as Leaflet's ({TileMatrix} is the zoom in a Web Mercator matrix set). */
function wmtsTemplate(map: Pick<BaseMap, 'url' | 'layer' | 'matrixSet' | 'format'>): string {
  const filled = map.url
    .replaceAll('{TileMatrixSet}', map.matrixSet ?? '')
    .replaceAll('{Layer}', map.layer ?? '')
    .replaceAll('{Style}', 'default')
    .replaceAll('{TileMatrix}', '{z}')
    .replaceAll('{TileRow}', '{y}')
    .replaceAll('{TileCol}', '{x}');
  if (filled.includes('{z}')) return filled;
  // A KVP service address: the GetTile request, asking for the layer in its matrix set.
  const query = new URLSearchParams({
    SERVICE: 'WMTS',
    REQUEST: 'GetTile',
    VERSION: '1.0.0',
    LAYER: map.layer ?? '',
    STYLE: 'default',
    TILEMATRIXSET: map.matrixSet ?? '',
    FORMAT: map.format ?? DEFAULT_FORMAT,
  });
  const placeholders = 'TILEMATRIX={z}&TILEROW={y}&TILECOL={x}';
  return `${filled}${filled.includes('?') ? '&' : '?'}${query.toString()}&${placeholders}`;
}

/** The Leaflet layer for a base map definition. */
export function layerSpecOf(
  map: Pick<BaseMap, 'type' | 'url' | 'layers' | 'layer' | 'matrixSet' | 'format' | 'attribution' | 'minZoom' | 'maxZoom'>,
): LayerSpec {
  const options: TileOptions = { minZoom: map.minZoom, maxZoom: map.maxZoom, ...(map.attribution ? { attribution: map.attribution } : {}) };
  switch (map.type) {
    case 'WMS':
      return {
        kind: 'wms',
        url: map.url,
        options: { ...options, layers: map.layers ?? '', format: map.format ?? DEFAULT_FORMAT, transparent: false },
      };
    case 'WMTS':
      return { kind: 'tiles', url: wmtsTemplate(map), options };
    case 'XYZ':
      return map.url.includes('{-y}')
        ? { kind: 'tiles', url: map.url.replaceAll('{-y}', '{y}'), options: { ...options, tms: true } }
        : { kind: 'tiles', url: map.url, options };
  }
}

/** The zoom a preview opens at: the world at a glance, within the map's range. */
export const previewZoom = (map: Pick<BaseMap, 'minZoom' | 'maxZoom'>): number => Math.min(Math.max(2, map.minZoom), map.maxZoom);
