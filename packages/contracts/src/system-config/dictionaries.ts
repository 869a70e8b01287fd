import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { IdParams, Nullable, Page, PageQuery, Timestamp } from '../paging.ts';
import { SYSTEM_CONFIG_PREFIX } from './prefix.ts';

const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
const Uuid = Type.String({ format: 'uuid' });

export const Dictionary = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  itemCount: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Dictionary = Static<typeof Dictionary>;

export const DictionaryInput = Type.Object({
  code: Code,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});
export type DictionaryInput = Static<typeof DictionaryInput>;

export interface DictItemNode {
  id: string;
  parentId: string | null;
  code: string;
  label: string;
  value: string;
  sort: number;
  enabled: boolean;
  children: DictItemNode[];
}
const nullableString = Type.Union([Type.Null(), Type.String()]);

/**
 * An item of a dictionary with the items under it (a tree: an item's parent is an item of the same
 * dictionary). Shared and self-referencing: the server registers it once (addSchema), routes refer to it.
 */
export const DictItemNodeSchema = Type.Object(
  {
    id: Type.String(),
    parentId: nullableString,
    code: Type.String(),
    label: Type.String(),
    value: Type.String(),
    sort: Type.Integer(),
    enabled: Type.Boolean(),
    children: Type.Array(Type.Unsafe<DictItemNode>({ $ref: 'DictItemNode#' })),
  },
  { $id: 'DictItemNode' },
);
export const DictItemNodeRef = Type.Unsafe<DictItemNode>({ $ref: 'DictItemNode#' });

export const DictItemInput = Type.Object({
  code: Code,
  label: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.String({ maxLength: 500 }),
  sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  /** The parent item (of the same dictionary); null or absent: a top item. */
  parentId: Type.Optional(Nullable(Uuid)),
  enabled: Type.Optional(Type.Boolean()),
});
export type DictItemInput = Static<typeof DictItemInput>;

export const DictItemParams = Type.Object({ id: Uuid, itemId: Uuid });

/** GET /dict/lists: the dictionaries asked for by code (all when none is named), each with its enabled items as a tree. */
export const DictListsQuery = Type.Object({
  codes: Type.Optional(Type.Array(Code, { maxItems: 100 })),
});
export const DictList = Type.Object({
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  items: Type.Array(DictItemNodeRef),
});
export type DictList = Static<typeof DictList>;

const tags = ['dictionaries'];
const path = `${SYSTEM_CONFIG_PREFIX}/dict`;
const gated = { access: 'gated', tags } as const;

/** Dictionaries (systemSetting > dict): code lists with item trees, read by forms and the low-code builder. */
export const dictionaryEndpoints = {
  lists: endpoint({
    access: 'signedIn',
    tags,
    method: 'GET',
    path: `${path}/lists`,
    summary:
      'GET /dict/lists?codes=a&codes=b: dictionaries with their enabled items as trees (all dictionaries when no code is named); any signed-in user',
    query: DictListsQuery,
    responses: { 200: Type.Array(DictList), ...errorResponses(400) },
  }),
  list: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'Dictionaries, by keyword (code, name)',
    query: PageQuery,
    responses: { 200: Page(Dictionary) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a dictionary (a taken code answers 409)',
    body: DictionaryInput,
    responses: { 200: Dictionary, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}`,
    summary: 'One dictionary',
    params: IdParams,
    responses: { 200: Dictionary, ...errorResponses(404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Edits a dictionary',
    params: IdParams,
    body: DictionaryInput,
    responses: { 200: Dictionary, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Deletes a dictionary and its items',
    params: IdParams,
    responses: { 200: Ok, ...errorResponses(404) },
  }),
  items: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}/items`,
    summary: "A dictionary's items as a tree (disabled ones included), ordered by sort",
    params: IdParams,
    responses: { 200: Type.Array(DictItemNodeRef), ...errorResponses(404) },
  }),
  createItem: endpoint({
    ...gated,
    method: 'POST',
    path: `${path}/{id}/items`,
    summary: 'Adds an item (its code unique within the dictionary: 409; its parent an item of the same dictionary: 400)',
    params: IdParams,
    body: DictItemInput,
    responses: { 200: DictItemNodeRef, ...errorResponses(400, 404, 409) },
  }),
  updateItem: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}/items/{itemId}`,
    summary: 'Edits or moves an item (a parent under the item itself is a cycle: 400)',
    params: DictItemParams,
    body: DictItemInput,
    responses: { 200: DictItemNodeRef, ...errorResponses(400, 404, 409) },
  }),
  removeItem: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}/items/{itemId}`,
    summary: 'Deletes an item and the items under it',
    params: DictItemParams,
    responses: { 200: Ok, ...errorResponses(404) },
  }),
};
