import { Type, type Static } from 'typebox';
import { Nullable, PageQuery } from './paging.ts';

/** Where a catalogued API comes from: the platform's own endpoints, or an application's (added by its own source). */
export const API_SOURCES = ['platform', 'application'] as const;
export const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const API_ACCESSES = ['open', 'signedIn', 'gated'] as const;

/** One API in the catalogue. `id` is opaque and stable (the source and `METHOD path`, base64url). */
export const ApiEntry = Type.Object({
  id: Type.String(),
  source: Type.Enum([...API_SOURCES]),
  /** The platform module (permission, oss…) or the application's instant. */
  module: Type.String(),
  /** The application the API belongs to; null for the platform's own. */
  applicationId: Nullable(Type.String()),
  method: Type.Enum([...API_METHODS]),
  path: Type.String(),
  summary: Type.String(),
  tags: Type.Array(Type.String()),
  access: Type.Enum([...API_ACCESSES]),
});
export type ApiEntry = Static<typeof ApiEntry>;

/** A parameter of a path or query string, with its JSON schema. */
export const ApiParameter = Type.Object({
  in: Type.Enum(['path', 'query']),
  name: Type.String(),
  required: Type.Boolean(),
  description: Nullable(Type.String()),
  schema: Type.Unknown(),
});
export type ApiParameter = Static<typeof ApiParameter>;

/** A role that may call a gated API: it is granted an element gating it (or holds every resource). */
export const ApiCaller = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  /** The permission points (element resource strings) through which the role may call it; empty for a role holding everything. */
  through: Type.Array(Type.String()),
});
export type ApiCaller = Static<typeof ApiCaller>;

/** The catalogue entry with what a caller needs: its inputs, its answers and who may call it. */
export const ApiDetail = Type.Object({
  ...ApiEntry.properties,
  description: Nullable(Type.String()),
  parameters: Type.Array(ApiParameter),
  /** The JSON body's schema; null when the call takes none. */
  body: Type.Unknown(),
  /** Media types of a body that is not JSON (an upload). */
  consumes: Type.Array(Type.String()),
  responses: Type.Array(Type.Object({ status: Type.Integer(), schema: Type.Unknown() })),
  /** 'anyone' (open), 'signedIn' (every signed-in user) or 'roles' (the roles listed). */
  callers: Type.Enum(['anyone', 'signedIn', 'roles']),
  roles: Type.Array(ApiCaller),
  /** The permission points gating the call (element resource strings). */
  points: Type.Array(Type.String()),
});
export type ApiDetail = Static<typeof ApiDetail>;

export const ApiCatalogueQuery = Type.Object({
  ...PageQuery.properties,
  module: Type.Optional(Type.String({ maxLength: 100 })),
  tag: Type.Optional(Type.String({ maxLength: 100 })),
  method: Type.Optional(Type.Enum([...API_METHODS])),
  source: Type.Optional(Type.Enum([...API_SOURCES])),
});
export type ApiCatalogueQuery = Static<typeof ApiCatalogueQuery>;

/** The choices of the catalogue's filters: every module and tag present. */
export const ApiCatalogueFacets = Type.Object({ modules: Type.Array(Type.String()), tags: Type.Array(Type.String()) });
export type ApiCatalogueFacets = Static<typeof ApiCatalogueFacets>;

export const ApiIdParams = Type.Object({ apiId: Type.String({ minLength: 1, maxLength: 400, pattern: '^[A-Za-z0-9_-]+$' }) });
