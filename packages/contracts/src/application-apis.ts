import { Type, type Static } from 'typebox';

/** The methods an application's external API may declare (OpenAPI's operations less TRACE). */
export const EXTERNAL_API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type ExternalApiMethod = (typeof EXTERNAL_API_METHODS)[number];

/**
 * A path template as OpenAPI writes one: `/pets/{petId}`. No empty, `.` or `..` segment and no
 * encoded dot or slash, so a stored path never names something above the application's own root.
 */
export const EXTERNAL_API_PATH_PATTERN =
  "^(?!.*//)(?!.*/\\.{1,2}(?:/|$))(?!.*%2[eEfF])/(?:[A-Za-z0-9._~:@!$&'()*+,;=%/-]|\\{[A-Za-z_][A-Za-z0-9_]*\\})*$";
export const ExternalApiPath = Type.String({ minLength: 1, maxLength: 512, pattern: EXTERNAL_API_PATH_PATTERN });

/** An object of any keys, as OpenAPI writes it (no Type.Record in the contracts: see object-parts.ts). */
const AnyKeys = (maxProperties: number) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, maxProperties });

const Tag = Type.String({ minLength: 1, maxLength: 64 });

/** OpenAPI's request body object: its media types (`content`), each as declared. */
const RequestBody = Type.Object(
  {
    description: Type.Optional(Type.String({ maxLength: 4000 })),
    required: Type.Optional(Type.Boolean()),
    content: AnyKeys(20),
  },
  { additionalProperties: true, maxProperties: 20 },
);

/** An API an application exposes to other applications. Parameters, request body and responses are kept as OpenAPI writes them. */
export const ExternalApiInput = Type.Object(
  {
    method: Type.Enum(EXTERNAL_API_METHODS),
    path: ExternalApiPath,
    summary: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])),
    tags: Type.Optional(Type.Array(Tag, { maxItems: 20 })),
    parameters: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 100 })),
    /** An OpenAPI request body object: `content` by media type, each with its `schema`. */
    requestBody: Type.Optional(Type.Union([RequestBody, Type.Null()])),
    responses: Type.Optional(AnyKeys(100)),
  },
  { additionalProperties: false },
);
export type ExternalApiInput = Static<typeof ExternalApiInput>;

export const ExternalApi = Type.Object({
  id: Type.String(),
  applicationId: Type.String(),
  method: Type.Enum(EXTERNAL_API_METHODS),
  path: Type.String(),
  summary: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  parameters: Type.Array(Type.Object({}, { additionalProperties: true })),
  requestBody: Type.Union([RequestBody, Type.Null()]),
  responses: AnyKeys(100),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ExternalApi = Static<typeof ExternalApi>;

export const ExternalApiParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  apiId: Type.String({ format: 'uuid' }),
});

/**
 * An OpenAPI 3 document (JSON). Only its `paths` are read; the operations are checked one by one
 * and a bad one is named in the 400 (`details.operation`).
 */
export const OpenApiDocument = Type.Object(
  {
    openapi: Type.String({ pattern: '^3\\.\\d+(\\.\\d+)?$' }),
    paths: AnyKeys(10_000),
  },
  { additionalProperties: true },
);

/** `created` new APIs and `updated` ones of the same method and path: the import adds and updates, never removes. */
export const ExternalApiImportResult = Type.Object({ created: Type.Integer(), updated: Type.Integer() });
export type ExternalApiImportResult = Static<typeof ExternalApiImportResult>;

/** When an authorisation ends: an instant in the future, or null for never. */
const ExpiresAt = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** Lets another application call one API of this application until `expiresAt`. */
export const ApiAuthorizationInput = Type.Object(
  {
    apiId: Type.String({ format: 'uuid' }),
    callerApplicationId: Type.String({ format: 'uuid' }),
    expiresAt: Type.Optional(ExpiresAt),
  },
  { additionalProperties: false },
);
export type ApiAuthorizationInput = Static<typeof ApiAuthorizationInput>;

export const ApiAuthorizationUpdate = Type.Object({ expiresAt: ExpiresAt }, { additionalProperties: false });

export const ApiAuthorization = Type.Object({
  id: Type.String(),
  apiId: Type.String(),
  method: Type.Enum(EXTERNAL_API_METHODS),
  path: Type.String(),
  /** The application whose API it is. */
  applicationId: Type.String(),
  callerApplicationId: Type.String(),
  callerApplicationName: Type.String(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  /** Whether it had expired when read. */
  expired: Type.Boolean(),
  createdAt: Type.String(),
});
export type ApiAuthorization = Static<typeof ApiAuthorization>;

export const ApiAuthorizationParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  authorizationId: Type.String({ format: 'uuid' }),
});

/** The application whose users are imported or exported (spec: `users/application/{id}`). */
export const ApplicationUsersParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
