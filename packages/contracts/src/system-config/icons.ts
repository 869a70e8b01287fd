import { Type, type Static } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Page, PageQuery, Timestamp } from '../paging.ts';
import { SYSTEM_CONFIG_PREFIX } from './prefix.ts';

/** The largest icon file accepted, each file of an upload. */
export const MAX_ICON_BYTES = 256 * 1024;
/** The most files one upload may carry. */
export const MAX_ICONS_PER_UPLOAD = 50;
/** What an icon may be; the type is told from the bytes, never from what the upload declares. */
export const ICON_CONTENT_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const ICON_CLASSIFICATION_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$';
/** An icon's name: its file name without the extension; unique across classifications (menus refer to icons by name). */
export const ICON_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$';
const Classification = Type.String({ pattern: ICON_CLASSIFICATION_PATTERN });
const IconName = Type.String({ pattern: ICON_NAME_PATTERN });

export const Icon = Type.Object({
  id: Type.String(),
  classification: Type.String(),
  name: Type.String(),
  contentType: Type.Enum([...ICON_CONTENT_TYPES]),
  size: Type.Integer(),
  sha256: Type.String(),
  /** Where the bytes are served (open, cacheable: the `v` parameter changes with the content). */
  url: Type.String(),
  createdAt: Timestamp,
});
export type Icon = Static<typeof Icon>;

export const IconClassification = Type.Object({ classification: Type.String(), count: Type.Integer() });
export const ClassificationParams = Type.Object({ classification: Classification });
export const IconFileParams = Type.Object({ classification: Classification, name: IconName });
export const IconFileQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 64, pattern: '^[0-9a-f]+$' })) });

export const IconDeleteInput = Type.Object({
  names: Type.Array(IconName, { minItems: 1, maxItems: 500, uniqueItems: true }),
  /** Also delete the icons a menu still shows (they are listed in `warnings` all the same). */
  force: Type.Optional(Type.Boolean()),
});
/** An icon a menu node still shows, with those menus. */
export const IconInUse = Type.Object({
  name: Type.String(),
  menus: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), resource: Type.String() })),
});
export type IconInUse = Static<typeof IconInUse>;
export const IconDeleteResult = Type.Object({ removed: Type.Array(Type.String()), warnings: Type.Array(IconInUse) });

export const IconCleanUpInput = Type.Object({ classification: Type.Optional(Classification) });
export const IconCleanUpResult = Type.Object({
  removed: Type.Array(Type.Object({ classification: Type.String(), name: Type.String() })),
  orphanFilesRemoved: Type.Integer({ description: 'Stored files no icon named (left by an interrupted upload or deletion), removed' }),
});

/** What the shell needs to draw custom icons, before sign-in too. */
export const IconSchema = Type.Object({
  classifications: Type.Array(
    Type.Object({
      classification: Type.String(),
      icons: Type.Array(Type.Object({ name: Type.String(), contentType: Type.String(), url: Type.String() })),
    }),
  ),
});
export type IconSchema = Static<typeof IconSchema>;

const tags = ['icons'];
const path = `${SYSTEM_CONFIG_PREFIX}/icons`;
const gated = { access: 'gated', tags } as const;

/** The icon manager (page systemStyle > iconsSetting): classifications, icons by classification, clean-up. */
export const iconEndpoints = {
  classifications: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/classification`,
    summary: 'GET /icons/classification: the classifications with their icon counts',
    responses: { 200: Type.Array(IconClassification) },
  }),
  list: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/classification/{classification}`,
    summary: 'GET /icons/classification/{classification}: its icons, paged, by keyword (name)',
    params: ClassificationParams,
    query: PageQuery,
    responses: { 200: Page(Icon), ...errorResponses(400) },
  }),
  upload: endpoint({
    ...gated,
    method: 'POST',
    path: `${path}/classification/{classification}`,
    summary:
      'POST /icons/classification/{classification}: uploads icons (multipart, one or more file parts, each at most 256 KB, ' +
      'named by their file name): SVG is sanitised, PNG, JPEG, WebP and GIF are recognised by their bytes; ' +
      'a refused file is named in the 400 and nothing is stored; a taken name answers 409',
    params: ClassificationParams,
    consumes: ['multipart/form-data'],
    responses: { 200: Type.Array(Icon), ...errorResponses(400, 409, 413, 415) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/classification/{classification}`,
    summary:
      'DELETE /icons/classification/{classification} { names, force? }: deletes icons; those a menu shows are kept ' +
      '(unless force) and listed in warnings with the menus',
    params: ClassificationParams,
    body: IconDeleteInput,
    responses: { 200: IconDeleteResult, ...errorResponses(400, 404) },
  }),
  cleanUp: endpoint({
    ...gated,
    method: 'POST',
    path: `${path}/clean-up`,
    summary: 'POST /icons/clean-up { classification? }: deletes the icons no menu shows and answers which, and the files no icon names',
    body: IconCleanUpInput,
    responses: { 200: IconCleanUpResult, ...errorResponses(400) },
  }),
  file: endpoint({
    access: 'open',
    tags,
    method: 'GET',
    path: `${SYSTEM_CONFIG_PREFIX}/open/icons/{classification}/{name}`,
    summary: "An icon's bytes, with the type told from them (open; cached long when `v` matches, revalidated by ETag otherwise)",
    params: IconFileParams,
    query: IconFileQuery,
    responses: errorResponses(400, 404),
    produces: { mediaType: 'image/*', description: 'the icon', schema: Type.String({ format: 'binary' }) },
  }),
  schema: endpoint({
    access: 'open',
    tags,
    method: 'GET',
    path: `${SYSTEM_CONFIG_PREFIX}/open/system/icon-schema`,
    summary: 'GET /open/system/icon-schema: every classification with its icon names and URLs, for the shell (open)',
    responses: { 200: IconSchema },
  }),
};
