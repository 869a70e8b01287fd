import { Type, type Static } from 'typebox';
import { Nullable, PageQuery, Timestamp } from './paging.ts';

export const PAGE_MODEL_LIMITS = { name: 100, description: 500, definitionBytes: 512 * 1024 } as const;

/** A page definition as the page designer stores it: any JSON object (its shape is the designer's). */
export const PageDefinition = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });

/** A stored page definition; each save is a new version, the current one is the highest. */
export const PageModel = Type.Object({
  id: Type.String(),
  name: Type.String(),
  applicationId: Type.String(),
  applicationName: Type.String(),
  description: Nullable(Type.String()),
  currentVersion: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type PageModel = Static<typeof PageModel>;

export const PageModelVersionBrief = Type.Object({
  version: Type.Integer(),
  createdAt: Timestamp,
  createdBy: Nullable(Type.String()),
});
export type PageModelVersionBrief = Static<typeof PageModelVersionBrief>;

export const PageModelVersion = Type.Object({
  ...PageModelVersionBrief.properties,
  pageModelId: Type.String(),
  definition: PageDefinition,
});
export type PageModelVersion = Static<typeof PageModelVersion>;

/** The detail: the model, its current definition and every version, newest first. */
export const PageModelDetail = Type.Object({
  ...PageModel.properties,
  definition: PageDefinition,
  versions: Type.Array(PageModelVersionBrief),
});
export type PageModelDetail = Static<typeof PageModelDetail>;

export const PageModelInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: PAGE_MODEL_LIMITS.name, pattern: '\\S' }),
  applicationId: Type.String({ format: 'uuid' }),
  description: Type.Optional(Nullable(Type.String({ maxLength: PAGE_MODEL_LIMITS.description }))),
  definition: PageDefinition,
});
export type PageModelInput = Static<typeof PageModelInput>;

export const PageModelQuery = Type.Object({
  ...PageQuery.properties,
  applicationId: Type.Optional(Type.String({ format: 'uuid' })),
});
export type PageModelQuery = Static<typeof PageModelQuery>;

export const PageModelVersionParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
});
