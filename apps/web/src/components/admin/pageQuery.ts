import type { PageOf, PageQuery } from '@portal/contracts';

/** The paging part of a list query, with the defaults every list starts from. */
export type PageState = Required<Pick<PageQuery, 'page' | 'size'>> & Pick<PageQuery, 'keyword' | 'sort' | 'order'>;

export const DEFAULT_PAGE_SIZE = 20;
export const firstPage = (size = DEFAULT_PAGE_SIZE): PageState => ({ page: 1, size });

/** What antd's Table reports on a change that matters for the server query. */
export interface TableChange {
  current?: number | undefined;
  pageSize?: number | undefined;
  /** The column's `key` (preferred) or `dataIndex`; only string keys can be sent as `sort`. */
  sortField?: unknown;
  sortOrder?: 'ascend' | 'descend' | null | undefined;
}

/**
 * The next query after a table change. A new sort or page size goes back to page 1, because the
 * page the user was on no longer shows the same rows.
 */
export function nextPageState(current: PageState, change: TableChange): PageState {
  const sort = change.sortOrder && typeof change.sortField === 'string' ? change.sortField : undefined;
  const order = sort ? (change.sortOrder ?? undefined) : undefined;
  const size = change.pageSize ?? current.size;
  const reordered = sort !== current.sort || order !== current.order || size !== current.size;
  const next: PageState = { ...current, size, page: reordered ? 1 : (change.current ?? current.page) };
  delete next.sort;
  delete next.order;
  return sort && order ? { ...next, sort, order } : next;
}

/** A new keyword (blank means none) always starts at page 1. */
export function withKeyword(current: PageState, keyword: string): PageState {
  const trimmed = keyword.trim();
  const next: PageState = { ...current, page: 1 };
  delete next.keyword;
  return trimmed ? { ...next, keyword: trimmed } : next;
}

const isPage = <T>(data: unknown): data is PageOf<T> =>
  typeof data === 'object' && data !== null && Array.isArray((data as { list?: unknown }).list);

/**
 * A list endpoint's answer as an array, whether it answers with a bare array or with a page
 * (`{ list, total }`). Used for small lists (roles of a user, positions of an organisation).
 */
export function asList<T>(data: T[] | PageOf<T> | null | undefined): T[] {
  if (Array.isArray(data)) return data;
  return isPage<T>(data) ? data.list : [];
}

/**
 * A list endpoint's answer as a page. An endpoint that answers with the whole array is paged here,
 * so tables treat both kinds alike.
 */
export function asPage<T>(data: T[] | PageOf<T> | null | undefined, query: Pick<PageState, 'page' | 'size'>): PageOf<T> {
  if (isPage<T>(data)) return data;
  const all = Array.isArray(data) ? data : [];
  const start = (query.page - 1) * query.size;
  return { list: all.slice(start, start + query.size), total: all.length, page: query.page, size: query.size };
}
