import { Type, type Static, type TSchema } from 'typebox';

/** The last page a list may be asked for: at 100 rows a page, ten million rows in, deeper than any list here goes. */
export const MAX_PAGE = 100_000;

/** Query of every paginated list: 1-based page, page size, free-text keyword, sort field and order. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.String({ maxLength: 40, pattern: '^[A-Za-z]+$' })),
  order: Type.Optional(Type.Enum(['ascend', 'descend'])),
});
export type PageQuery = Static<typeof PageQuery>;

/** One page of a list: the rows, the total across all pages, and the page asked for. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), page: Type.Integer(), size: Type.Integer() });
export interface PageOf<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/**
 * `T | null`, null first: the server coerces input types, and with the other order a null sent for a
 * string field would be coerced to '' by the first branch instead of staying null.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** An instant, ISO 8601 (`Date.toISOString()`). */
export const Timestamp = Type.String({ format: 'date-time' });

/** `{ id }` path parameter (uuid). */
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Body of the relation calls: one side and the ids on the other. */
export const IdList = Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000, uniqueItems: true });
