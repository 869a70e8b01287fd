import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { IdParams, Nullable, Page, PageQuery, Timestamp } from '../paging.ts';
import { SYSTEM_CONFIG_PREFIX } from './prefix.ts';
import { HexColour, SchemeColours } from './scheme-colours.ts';

export * from './scheme-colours.ts';

export const ColourScheme = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  primary: Type.String(),
  colours: SchemeColours,
  /** The scheme shown first and applied by default: exactly one while any scheme exists. */
  top: Type.Boolean(),
  sort: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ColourScheme = Static<typeof ColourScheme>;

export const ColourSchemeInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  primary: HexColour,
  colours: Type.Optional(SchemeColours),
  sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
});
export type ColourSchemeInput = Static<typeof ColourSchemeInput>;

export const TopSchemeInput = Type.Object({ id: Type.String({ format: 'uuid' }) });

const tags = ['colour schemes'];
const path = `${SYSTEM_CONFIG_PREFIX}/color-schemas`;
const gated = { access: 'gated', tags } as const;

/** Colour schemes (page systemStyle > colorConfig): CRUD and the top scheme, applied by default. */
export const colourSchemeEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'Colour schemes, by keyword (name), top first unless sorted otherwise',
    query: PageQuery,
    responses: { 200: Page(ColourScheme) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a colour scheme (the first one becomes the top scheme); a taken name answers 409',
    body: ColourSchemeInput,
    responses: { 200: ColourScheme, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}`,
    summary: 'One colour scheme',
    params: IdParams,
    responses: { 200: ColourScheme, ...errorResponses(404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Edits a colour scheme',
    params: IdParams,
    body: ColourSchemeInput,
    responses: { 200: ColourScheme, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Deletes a colour scheme; the top scheme only when it is the last one (409: make another the top first)',
    params: IdParams,
    responses: { 200: Ok, ...errorResponses(404, 409) },
  }),
  top: endpoint({
    access: 'signedIn',
    tags,
    method: 'GET',
    path: `${path}/top`,
    summary: 'GET /color-schemas/top: the scheme applied by default (null while there is none); any signed-in user',
    responses: { 200: Nullable(ColourScheme) },
  }),
  setTop: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/top`,
    summary: 'PUT /color-schemas/top: makes this scheme the top one (the previous top one stops being it)',
    body: TopSchemeInput,
    responses: { 200: ColourScheme, ...errorResponses(400, 404) },
  }),
};
