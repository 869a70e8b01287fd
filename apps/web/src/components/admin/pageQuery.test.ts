import { describe, expect, it } from 'vitest';
import { asList, asPage, firstPage, nextPageState, withKeyword } from './pageQuery.ts';

describe('nextPageState', () => {
  it('moves to the page the table asks for when nothing else changed', () => {
    expect(nextPageState({ page: 1, size: 20 }, { current: 3, pageSize: 20 })).toEqual({ page: 3, size: 20 });
  });

  it('goes back to page 1 on a new sort and sends the column key and order', () => {
    const state = nextPageState({ page: 4, size: 20 }, { current: 4, pageSize: 20, sortField: 'username', sortOrder: 'descend' });
    expect(state).toEqual({ page: 1, size: 20, sort: 'username', order: 'descend' });
  });

  it('drops the sort when the column sort is cleared, and on a page size change restarts', () => {
    const sorted = { page: 2, size: 20, sort: 'name', order: 'ascend' as const };
    expect(nextPageState(sorted, { current: 2, pageSize: 20, sortField: 'name', sortOrder: null })).toEqual({ page: 1, size: 20 });
    expect(nextPageState(sorted, { current: 2, pageSize: 50, sortField: 'name', sortOrder: 'ascend' })).toEqual({
      page: 1,
      size: 50,
      sort: 'name',
      order: 'ascend',
    });
  });

  it('ignores non-string sort fields (nested dataIndex arrays cannot be sent)', () => {
    expect(nextPageState(firstPage(), { current: 1, pageSize: 20, sortField: ['a', 'b'], sortOrder: 'ascend' })).toEqual(firstPage());
  });

  it('keeps the keyword across paging', () => {
    expect(nextPageState({ page: 1, size: 20, keyword: 'ann' }, { current: 2, pageSize: 20 })).toEqual({
      page: 2,
      size: 20,
      keyword: 'ann',
    });
  });
});

describe('withKeyword', () => {
  it('trims, restarts at page 1, and removes a blank keyword', () => {
    expect(withKeyword({ page: 5, size: 10 }, '  ann ')).toEqual({ page: 1, size: 10, keyword: 'ann' });
    expect(withKeyword({ page: 5, size: 10, keyword: 'ann' }, '   ')).toEqual({ page: 1, size: 10 });
  });
});

describe('asList and asPage', () => {
  const rows = Array.from({ length: 25 }, (_, index) => ({ id: String(index) }));

  it('reads both a bare array and a page', () => {
    expect(asList(rows)).toHaveLength(25);
    expect(asList({ list: rows.slice(0, 2), total: 25, page: 1, size: 2 })).toEqual(rows.slice(0, 2));
    expect(asList(undefined)).toEqual([]);
  });

  it('pages a bare array on the client and passes a server page through', () => {
    const second = asPage(rows, { page: 2, size: 10 });
    expect(second.list.map((row) => row.id)).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
    expect(second.total).toBe(25);
    expect(asPage(rows, { page: 3, size: 10 }).list).toHaveLength(5);
    const page = { list: rows.slice(0, 1), total: 99, page: 7, size: 1 };
    expect(asPage(page, { page: 1, size: 20 })).toBe(page);
  });
});
