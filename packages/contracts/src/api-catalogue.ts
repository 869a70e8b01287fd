import { Type, type Static } from 'typebox';
import { APPLICATION_STATES } from './applications.ts';
import { Nullable, PageQuery } from './paging.ts';

/** Where a catalogued API comes from: the platform's own endpoints, or an application's external APIs. */
export const API_SOURCES = ['platform', 'application'] as const;
/** The platform's methods, and OPTIONS, which an application's API may declare. */
export const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/**
 * How an API is reached: the platform's open, signed-in or gated (by a permission point) calls, and an
 * application's APIs, which the applications its owner authorised may call ('applications').
 */
export const API_ACCESSES = ['open', 'signedIn', 'gated', 'gatedOrOwner', 'applications'] as const;

/**
 * One API in the catalogue. `id` is opaque and stable, base64url: of the source and `METHOD path` for
 * the platform's, of the source, the application and its API's own id for an application's (which
 * keeps it through edits and re-imports, and keeps it short whatever the path).
 */
export const ApiEntry = Type.Object({
  id: Type.String(),
  source: Type.Enum([...API_SOURCES]),
  /** The platform module (permission, oss…) or the application's instant. */
  module: Type.String(),
  /** The application the API belongs to; null for the platform's own. */
  applicationId: Nullable(Type.String()),
  /** Its name; null for the platform's own. */
  applicationName: Nullable(Type.String()),
  /**
   * Its state: a disabled application's APIs stay listed, marked so (the applications authorised still reach them: only a disabled caller calls nothing);
   * null for the platform's own. A deleted application's APIs are gone with it.
   */
  applicationState: Nullable(Type.Enum([...APPLICATION_STATES])),
  method: Type.Enum([...API_METHODS]),
  path: Type.String(),
  summary: Type.String(),
  tags: Type.Array(Type.String()),
  access: Type.Enum([...API_ACCESSES]),
});
export type ApiEntry = Static<typeof ApiEntry>;

/** A parameter of a path or query string (an application's API may also declare headers and cookies), with its JSON schema. */
export const ApiParameter = Type.Object({
  in: Type.Enum(['path', 'query', 'header', 'cookie']),
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

/**
 * An application authorised to call an application's API, until `expiresAt` (null: for good). Expired
 * ones are left out; a disabled one is listed with its state, and calls nothing while disabled.
 */
export const ApiCallerApplication = Type.Object({
  authorizationId: Type.String(),
  id: Type.String(),
  instant: Type.String(),
  name: Type.String(),
  state: Type.Enum([...APPLICATION_STATES]),
  expiresAt: Nullable(Type.String()),
});
export type ApiCallerApplication = Static<typeof ApiCallerApplication>;

/** The catalogue entry with what a caller needs: its inputs, its answers and who may call it. */
export const ApiDetail = Type.Object({
  ...ApiEntry.properties,
  description: Nullable(Type.String()),
  parameters: Type.Array(ApiParameter),
  /** The JSON body's schema; null when the call takes none. */
  body: Type.Unknown(),
  /** Media types of a body that is not JSON (an upload). */
  consumes: Type.Array(Type.String()),
  /**
   * The answers by status. An application's API gives its OpenAPI response objects as declared, where
   * the status may also be a range ('4XX') or 'default'.
   */
  responses: Type.Array(Type.Object({ status: Type.Union([Type.Integer(), Type.String()]), schema: Type.Unknown() })),
  /** 'anyone' (open), 'signedIn' (every signed-in user), 'roles' (the roles listed) or 'applications' (the applications listed). */
  callers: Type.Enum(['anyone', 'signedIn', 'roles', 'applications']),
  roles: Type.Array(ApiCaller),
  /** The permission points gating the call (element resource strings). */
  points: Type.Array(Type.String()),
  /** For an application's API: the applications authorised to call it now; empty for the platform's own. */
  applications: Type.Array(ApiCallerApplication),
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

/**
 * The choices of the catalogue's filters: every module and tag present, and which of the modules are
 * applications (their instant and name).
 */
export const ApiCatalogueFacets = Type.Object({
  modules: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  applications: Type.Array(Type.Object({ module: Type.String(), name: Type.String() })),
});
export type ApiCatalogueFacets = Static<typeof ApiCatalogueFacets>;

export const ApiIdParams = Type.Object({ apiId: Type.String({ minLength: 1, maxLength: 400, pattern: '^[A-Za-z0-9_-]+$' }) });
