import type { BaseMapType } from '@portal/contracts';
import { AppError, badRequest } from '../../../platform/errors.ts';

const PLACEHOLDER = /\{([^{}]*)\}/g;
/** What a tile template may hold: Leaflet's placeholders, and WMTS's REST ones. */
const XYZ_PLACEHOLDERS = new Set(['z', 'x', 'y', '-y', 's', 'r']);
const WMTS_PLACEHOLDERS = new Set(['TileMatrix', 'TileRow', 'TileCol', 'TileMatrixSet', 'Layer', 'Style', 'Format', 'z', 'x', 'y']);

const refuse = (field: string, message: string) => badRequest(`${field}: ${message}`, { field });

/** An http(s) address once its placeholders are filled in, or the 400 naming the field. */
function assertHttpUrl(template: string, allowed: Set<string>, type: string): Set<string> {
  const found = new Set<string>();
  for (const [, name = ''] of template.matchAll(PLACEHOLDER)) {
    if (!allowed.has(name)) throw refuse('url', `{${name}} is no placeholder of a ${type} address`);
    found.add(name);
  }
  let url: URL;
  try {
    url = new URL(template.replace(PLACEHOLDER, '0'));
  } catch {
    throw refuse('url', 'is not an absolute address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('url', 'must be an http or https address');
  if (url.username || url.password) throw refuse('url', 'must not carry credentials');
  return found;
}

const required = (value: string | null, field: string, type: string) => {
  if (!value?.trim()) throw refuse(field, `is required for a ${type} base map`);
};

/** The checks of a base map's definition that depend on its type, and the zoom range. */
export function assertBaseMapDefinition(input: {
  type: BaseMapType;
  url: string;
  layers: string | null;
  layer: string | null;
  matrixSet: string | null;
  minZoom: number;
  maxZoom: number;
}): void {
  if (input.minZoom > input.maxZoom) throw refuse('maxZoom', `must not be below minZoom (${input.minZoom})`);
  switch (input.type) {
    case 'XYZ': {
      const found = assertHttpUrl(input.url, XYZ_PLACEHOLDERS, 'XYZ');
      for (const name of ['z', 'x'])
        if (!found.has(name)) throw refuse('url', `an XYZ template needs {z}, {x} and {y}: {${name}} is missing`);
      if (!found.has('y') && !found.has('-y')) throw refuse('url', 'an XYZ template needs {z}, {x} and {y}: {y} is missing');
      return;
    }
    case 'WMS':
      assertHttpUrl(input.url, new Set(), 'WMS');
      required(input.layers, 'layers', 'WMS');
      return;
    case 'WMTS':
      assertHttpUrl(input.url, WMTS_PLACEHOLDERS, 'WMTS');
      required(input.layer, 'layer', 'WMTS');
      required(input.matrixSet, 'matrixSet', 'WMTS');
      return;
    default:
      // The schema admits only the three types; a fourth added there must be handled here.
      throw new AppError('BAD_REQUEST', 'type: unknown base map type', { field: 'type' });
  }
}
