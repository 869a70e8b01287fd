import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { IdParams, Nullable, Page, PageQuery, Timestamp } from '../paging.ts';
import { SYSTEM_CONFIG_PREFIX } from './prefix.ts';

export const BASE_MAP_TYPES = ['XYZ', 'WMS', 'WMTS'] as const;
export type BaseMapType = (typeof BASE_MAP_TYPES)[number];

/** Zoom levels a base map may offer (Leaflet's and most tile servers' range). */
export const MAX_ZOOM = 24;
const Zoom = Type.Integer({ minimum: 0, maximum: MAX_ZOOM });
const Text = (maxLength: number) => Nullable(Type.String({ maxLength }));

export const BaseMap = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum([...BASE_MAP_TYPES]),
  /** XYZ: a tile template with {z}, {x} and {y} ({s} and {-y} allowed); WMS and WMTS: the service address (WMTS may be a REST template). */
  url: Type.String(),
  /** WMS: the comma-separated layers to draw. */
  layers: Nullable(Type.String()),
  /** WMTS: the layer and its tile matrix set. */
  layer: Nullable(Type.String()),
  matrixSet: Nullable(Type.String()),
  /** WMS and WMTS: the image format asked for (image/png when unset). */
  format: Nullable(Type.String()),
  attribution: Nullable(Type.String()),
  minZoom: Type.Integer(),
  maxZoom: Type.Integer(),
  enabled: Type.Boolean(),
  /** The map shown first: exactly one while any enabled base map exists, and it is enabled. */
  isDefault: Type.Boolean(),
  sort: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type BaseMap = Static<typeof BaseMap>;

export const BaseMapInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  type: Type.Enum([...BASE_MAP_TYPES]),
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  layers: Type.Optional(Text(500)),
  layer: Type.Optional(Text(200)),
  matrixSet: Type.Optional(Text(200)),
  format: Type.Optional(Nullable(Type.String({ maxLength: 50, pattern: '^image/[a-z0-9.+-]+$' }))),
  attribution: Type.Optional(Text(500)),
  minZoom: Type.Optional(Zoom),
  maxZoom: Type.Optional(Zoom),
  enabled: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
});
export type BaseMapInput = Static<typeof BaseMapInput>;

/** POST /base-maps/list: the page, keyword (name) and sort, filtered by type and state. */
export const BaseMapQuery = Type.Object({
  ...PageQuery.properties,
  type: Type.Optional(Type.Enum([...BASE_MAP_TYPES])),
  enabled: Type.Optional(Type.Boolean()),
});
export type BaseMapQuery = Static<typeof BaseMapQuery>;

export const BaseMapStateInput = Type.Object({ enabled: Type.Boolean() });

const tags = ['base maps'];
const path = `${SYSTEM_CONFIG_PREFIX}/base-maps`;
const gated = { access: 'gated', tags } as const;

/** Base maps (page mapManage): XYZ, WMS and WMTS layers; one of them is the default map. */
export const baseMapEndpoints = {
  list: endpoint({
    ...gated,
    method: 'POST',
    path: `${path}/list`,
    summary: 'POST /base-maps/list: base maps, paged, filters in the body (keyword, type, enabled); the default first',
    body: BaseMapQuery,
    responses: { 200: Page(BaseMap), ...errorResponses(400) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a base map (the first enabled one becomes the default); the url is checked for its type',
    body: BaseMapInput,
    responses: { 200: BaseMap, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}`,
    summary: 'One base map',
    params: IdParams,
    responses: { 200: BaseMap, ...errorResponses(404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Edits a base map (the default one cannot be disabled: 409)',
    params: IdParams,
    body: BaseMapInput,
    responses: { 200: BaseMap, ...errorResponses(400, 404, 409) },
  }),
  setState: endpoint({
    ...gated,
    method: 'PATCH',
    path: `${path}/{id}/state`,
    summary: 'PATCH /base-maps/{id}/state: enables or disables a base map (the default one cannot be disabled: 409)',
    params: IdParams,
    body: BaseMapStateInput,
    responses: { 200: BaseMap, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Deletes a base map; the default one only when it is the last (409: make another the default first)',
    params: IdParams,
    responses: { 200: Ok, ...errorResponses(404, 409) },
  }),
  setDefault: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}/default`,
    summary: 'PUT /base-maps/{id}/default: makes this enabled map the default (409 when it is disabled)',
    params: IdParams,
    responses: { 200: BaseMap, ...errorResponses(404, 409) },
  }),
};
